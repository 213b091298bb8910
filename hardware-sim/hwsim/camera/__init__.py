"""A synthetic camera: real card art (Debian's aisleriot themes) placed on felt under realistic conditions."""
