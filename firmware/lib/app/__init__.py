"""The application core: hardware-free, the same on the ESP32 and in the simulator."""
