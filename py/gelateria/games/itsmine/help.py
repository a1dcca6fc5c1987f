"""The rules page of It's Mine!, as the app shows it (marked here, translated where shown)."""

from gelateria.core.i18n import N_

RULES: list[tuple[str, list[str]]] = [
    (
        N_("Aim"),
        [
            N_("3 to 5 players, about 15 minutes, in real time: anyone may grab at any moment."),
            N_("Collect ice creams in your secret favourite flavour or favourite shape. A card "
            "matching both scores more, cherries are a bonus, and closed shops melt your score. "
            "After three rounds the highest total wins; tied players share the win."),
        ],
    ),
    (
        N_("The cards"),
        [
            N_("55 play cards: 50 ice creams (5 flavours — strawberry, chocolate, vanilla, "
            "pistachio, blueberry — times 5 shapes — cone, cup, stick, sandwich, sundae — two "
            "of each), 2 cherries and 3 Closed signs."),
            N_("5 favourite-flavour cards and 5 favourite-shape cards, and 2 catch tokens (hearts) "
            "per player."),
        ],
    ),
    (
        N_("Setting up each round"),
        [
            N_("Everyone is dealt one favourite flavour and one favourite shape, face down: only "
            "you see yours. The cards not dealt stay in the box unseen."),
            N_("Everyone takes 2 catch tokens."),
            N_("All 55 play cards are shuffled and dealt out one at a time, starting with the first "
            "player, as face-down personal draw piles. With 4 players the piles are 14, 14, 14 "
            "and 13 cards (the first player's is among the bigger ones)."),
            N_("Round 1: the first player is chosen in setup, or at random. Rounds 2 and 3: the "
            "player with the lowest total starts; if several are tied for lowest, the first of "
            "them clockwise after the previous round's first player starts."),
        ],
    ),
    (
        N_("Flipping"),
        [
            N_("On your turn, flip the top card of your draw pile onto your open pile (the row of "
            "face-up cards in front of you). Every card of every open pile stays visible."),
            N_("Turns go clockwise. A player whose draw pile is empty is skipped."),
        ],
    ),
    (
        N_("It's mine!"),
        [
            N_("At any moment, in turn or not, you may take any open pile that has cards — your "
            "own or another player's — by putting one of your catch tokens on it. You keep the "
            "whole pile as your scoring cards; nobody can take them back."),
            N_("Taking another player's pile: your token goes to that player (a new chance for "
            "them to grab). Taking your own pile: your token goes back to the box."),
            N_("You may take several piles in one grab, one token per pile, never two tokens on "
            "one pile. With no token left you cannot grab."),
            N_("A grab pauses play for a moment (1 second) so everyone sees it: nobody flips "
            "until the pause is over. Others may still call \"It's mine!\" during the pause; "
            "those grabs count like any other, and each one starts the pause again."),
            N_("After a grab play goes on with the player after the one who flipped last, so a "
            "grab never changes whose turn it is."),
        ],
    ),
    (
        N_("Grabbing at the same moment"),
        [
            N_("The first token on a pile wins it. Grabs of the same pile less than 50 ms apart "
            "count as simultaneous: the later one is a contested claim and rock-paper-scissors "
            "decides (played by the app, with the game's own dice, so a replay comes out the "
            "same)."),
            N_("If the challenger wins, they take the pile and pay their token as usual, and the "
            "first claimant gets their token back; if the challenger loses, nothing happens "
            "and they keep their token. To contest a grab of your own pile you need a token of "
            "your own besides the one the grabber just gave you."),
            N_("A grab of a pile that was taken 50 ms or more earlier is simply too late."),
        ],
    ),
    (
        N_("End of a round"),
        [
            N_("Once every draw pile is empty a 5-second countdown runs. Any grab starts it again "
            "from 5 seconds. When it runs out with nobody grabbing, the round ends; a grab "
            "after it has run out is too late."),
            N_("The round also ends at once when no player holds a catch token, or when the draw "
            "piles are empty and every open pile has been taken (nothing is left to want)."),
            N_("Open piles left on the table are discarded. Then everyone's favourites are "
            "revealed and the round is scored."),
        ],
    ),
    (
        N_("Scoring a round"),
        [
            N_("Each ice cream matching exactly one of your favourites (flavour or shape): 1 point."),
            N_("Each ice cream matching both your favourite flavour and your favourite shape: "
            "2 points."),
            N_("Each catch token you still hold: 1 point."),
            N_("Each cherry: +1 point."),
            N_("Each Closed sign: −1 point — but if you hold all three, they are worth +3 together."),
            N_("Round scores are added to your total. After the third round the highest total wins."),
        ],
    ),
    (
        N_("Bots and time"),
        [
            N_("Bots see what a player at the table sees: the open piles, tokens, cards taken and "
            "their own favourites, never anyone else's favourites or the order of a draw pile."),
            N_("They react after a delay: easy bots are slow and sometimes misjudge a pile "
            "(forgetting shapes or Closed signs), normal bots are steady, hard bots are quick, "
            "take several good piles at once and mind the tokens they hand to opponents."),
            N_("Every event is stamped with the time since the game began; events are taken in the "
            "order they happen, which is what makes the first token win."),
        ],
    ),
]
