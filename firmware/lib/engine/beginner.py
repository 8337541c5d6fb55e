"""The setup menu's beginner level, apart from engine.core: loaded only when a beginner is seated
(each game's bots.BOTS["beginner"] imports it when called), so a game at the normal level holds
none of it."""


class BeginnerBot:
    """The setup menu's beginner level: a game's menu bot that plays a move of its weak bot (a
    random one) one decision in `every`, for a child to win now and then yet still see good play.
    Its random draws come from the rng the bot is handed, as every bot's, so a seeded game
    replays the same."""

    name = "beginner"

    def __init__(self, bot, weak, every=3):
        self.bot = bot
        self.weak = weak
        self.every = every

    def choose(self, state, seat, rng):
        if rng.below(self.every) == 0:
            return self.weak.choose(state, seat, rng)
        return self.bot.choose(state, seat, rng)
