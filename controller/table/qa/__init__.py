"""Tables played by the program itself, for QA and benchmarks: boxes seated on strategies that play every round
through the table controller (autoplay), and a shoe rigged to deal a royal flush where a session asks (forced_deal)."""
