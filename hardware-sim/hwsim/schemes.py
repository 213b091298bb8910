"""The simulated devices' URL schemes, registered with the card sources' registry (drivers.base.register): the
program that offers them (the command line, the tests, a benchmark) imports this module; the drivers know nothing
of the simulator. The devices themselves are imported only when a URL of their scheme is opened."""

from drivers.base import register

register("sim", "hwsim.inprocess:SimulatedShoeSource")  # the reference shoe, in the program's own process
register("camera+sim", "hwsim.camera.source:SimulatedCameraSource")  # synthetic frames, the real recogniser
