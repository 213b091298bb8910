"""What has been measured of house rules, read without the analysis that measured it: each preset's house edge
under the basic strategy (house_edges.toml, shipped), a casino's own rules file's (casino_edge, in the data folder),
and what the figure tells the operator before a table opens (operator_guard). The table, the floor and the console
read these; `rptable analyze` (controller.analysis) writes them."""
