"""The application's modes: setup menu, in-game menu, Tanturlurette, table play, scorekeeper."""
