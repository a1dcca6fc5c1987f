"""One play-screen module per game, named after the game id. Each defines
`screen(app, route_rest) -> Screen` (see web/screens.py). A game without a module
here shows a plain "not on the table yet" page."""
