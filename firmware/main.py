"""Runs at every board reset: boot the device (firmware/lib/hw_esp32/run.py does the work)."""

try:
    from hw_esp32.run import main
except ImportError as err:
    print("tanturlurette: cannot start, hw_esp32 is missing (%s): deploy the firmware again" % err)
else:
    main()
