"""The host's side of a live table before and while it plays: an invitation for each seat
another phone plays, the replies taken back, who is connected, and the start.

`Lobby` is a collaborator of the table (web/table.py), made when a game starts with
seats for other phones. It holds the core.live.Host (the host's session is the one game;
each phone gets only its own seat's facts) and, per phone seat, an Offer (web/live.py):
the page's connection, its invitation code, then the reply. A reply arrives pasted into
the lobby's field, scanned, or opened on this phone (the app hands it here); every one is
checked against the invitation it claims to answer.

Of the table it uses `session`, `names()`, `phase`, `entry`, `app`, and `begin_live()`
when the host starts the game.
"""

from __future__ import annotations

from gelateria.core.i18n import _, and_list, ngettext
from gelateria.core.invite import InviteError
from gelateria.core.live import Host
from gelateria.core.seats import free_seats
from gelateria.core.wire import Link
from gelateria.web.live import JOIN_ROUTE, REPLY_ROUTE, TICK_MS, Offer, camera, code_in, new_token
from gelateria.web.markup import Markup, h, join
from gelateria.web.screens import said, top_bar

PING_EVERY = 4  # ticks between pings (web/live.py TICK_MS each): each phone's round trip, once a second


# Why the camera could not read a reply, and the way that is left (said with _() when shown).
SCAN_PROBLEMS = {
    "denied": lambda: _("The camera is not allowed for Gelateria on this phone. Allow it in the browser's settings, "
                        "or paste the reply link below."),
    "none": lambda: _("This device has no camera Gelateria can use: paste the reply link below."),
    "failed": lambda: _("The camera could not be started: paste the reply link below."),
}


def seat_of(data: dict) -> int:
    """The seat a control names (data-seat), or -1."""
    text = str(data.get("seat", ""))
    return int(text) if text.isdigit() else -1


class Lobby:
    def __init__(self, table, seats: list[int], keys: dict | None = None, playing: bool = False):
        self.table = table
        self.host = Host(table.session, list(seats), keys=dict(keys or {}), playing=playing, clock=table.clock)
        self.offers: dict[int, Offer] = {}  # seat -> the invitation of the phone that plays it
        self.watchers: dict[str, Offer] = {}  # connection -> an invitation to watch (a spectator: no seat)
        self.by_id: dict[str, Offer] = {}
        self.message = ""
        self.scanning = False  # the camera is open to read a reply's QR code (static/live.js)
        self.showing_away = False  # in play: the invitations of the phones that are away, shown
        self.showing_details = False  # in play: each phone's round trip, shown (off until asked for)
        self.ticking = None
        self.ticks = 0
        self.stalled: list[int] = []  # seats whose phone is connected but silent (core/live.py Host.stalled)
        self.trips: dict | None = None  # the round trips the connection details show (None: not shown)
        for seat in seats:
            self.invite(seat)

    @classmethod
    def reopened(cls, table, kept: object) -> "Lobby | None":
        """The live table `kept` in this game's save (`kept()`), after the host's page
        reloaded: its phone seats with their keys, each with a new invitation, every phone
        away until it comes back. The save is hostile input like any: only seats that are
        humans' and not played on this phone are taken."""
        if not isinstance(kept, dict) or not isinstance(kept.get("seats"), dict):
            return None
        free = set(free_seats(table.record))
        keys = {int(seat): key for seat, key in kept["seats"].items()
                if isinstance(seat, str) and seat.isdigit() and int(seat) in free}
        if not keys:
            return None
        lobby = cls(table, sorted(keys), keys, playing=kept.get("playing") is True)
        if lobby.host.playing:
            lobby.showing_away = True
            lobby.message = said(lambda: _("The live table is open again. Each friend's phone scans its new invitation "
                                           "to sit back down; the game waits where it was."))
        return lobby

    def kept(self) -> dict:
        """What the game's save keeps of the live table, to reopen it (`reopened`)."""
        return {"seats": {str(seat): key for seat, key in self.host.keys.items()}, "playing": self.host.playing}

    @property
    def app(self):
        return self.table.app

    def invite(self, seat: int) -> None:
        """A fresh invitation for `seat` (the page gathers its candidates first)."""
        old = self.offers.get(seat)
        if old is not None:
            self.by_id.pop(old.id, None)
            self.app.connections.close(old.id)
        offer = Offer(seat, "", new_token())
        offer.id = self.app.connections.open(self, stun=self.across_internet())
        self.offers[seat] = offer
        self.by_id[offer.id] = offer

    def invite_watcher(self) -> None:
        """An invitation for one more phone to watch (each phone needs its own)."""
        if any(not offer.answered for offer in self.watchers.values()):
            return  # (one waiting is enough)
        offer = Offer(None, "", new_token())
        offer.id = self.app.connections.open(self, stun=self.across_internet())
        self.watchers[offer.id] = offer
        self.by_id[offer.id] = offer

    def pending_watcher(self) -> Offer | None:
        return next((offer for offer in self.watchers.values() if not offer.open), None)

    def who(self, offer: Offer) -> str:
        """Whose phone an invitation is for, in words."""
        return self.table.names()[offer.seat] if offer.seat is not None else _("a watcher")

    def across_internet(self) -> bool:
        """The player's opt-in: invitations carry the address a public STUN server sees too."""
        return self.app.prefs.get("live-internet") is True

    def set_across_internet(self, on: bool) -> None:
        """The opt-in changed: every invitation not yet answered is made again, to match."""
        self.app.prefs["live-internet"] = on
        self.app.save_prefs()
        for offer in list(self.offers.values()):
            if not offer.answered and not offer.open:
                self.invite(offer.seat)
        self.app.refresh()

    def invite_link(self, offer: Offer) -> str:
        return self.app.link(JOIN_ROUTE + offer.code) if offer.code else ""

    def seat_bot(self, seat: int) -> None:
        """A bot plays `seat` instead of a phone: its invitation is withdrawn."""
        offer = self.offers.pop(seat, None)
        if offer is None or offer.open:
            return
        self.by_id.pop(offer.id, None)
        self.app.connections.close(offer.id)
        self.table.seat_bot(seat)
        self.host.session = self.table.session
        self.host.remote.remove(seat)
        self.host.keys.pop(seat, None)
        name = self.table.names()[seat]
        self.message = said(lambda: _("A bot plays {player}.").format(player=name))
        self.host.send_facts()
        self.app.refresh()

    def rematch(self) -> None:
        """The next game (the table's session now) with the same phones: they stay at the
        table, in their seats, and the host starts it as it started the first."""
        self.host.new_game(self.table.session)
        self.showing_away, self.stalled = False, []
        self.message = said(lambda: _("The next game is dealt and the phones stay at the table: start it when "
                                      "everyone is ready."))

    def connected(self) -> list[int]:
        return [offer.seat for offer in self.offers.values() if offer.open]

    # --- replies -------------------------------------------------------------------------

    def take_reply(self, text: str) -> None:
        """A reply pasted, scanned or handed over: to the invitation it answers."""
        code = code_in(text, REPLY_ROUTE)
        problem = ""
        for offer in [*self.offers.values(), *self.watchers.values()]:
            if not offer.code or offer.answered:
                continue
            try:
                sdp = offer.reply_sdp(code)
            except InviteError as exc:
                problem = str(exc)
                continue
            offer.answered = True
            self.app.connections.accept(offer.id, sdp)
            self.message = said(lambda: _("Reply taken: connecting {player}'s phone…").format(player=self.who(offer)))
            self.table.app.refresh()
            return
        reason = problem or _("Every invitation has its reply already.")
        self.message = said(lambda: reason)
        self.table.app.refresh()

    def scanned(self, text: str) -> None:
        """The camera read a QR code."""
        self.scanning = False
        self.take_reply(text)

    def scan_failed(self, why: str) -> None:
        self.scanning = False
        self.message = said(lambda: SCAN_PROBLEMS.get(why, SCAN_PROBLEMS["failed"])())
        self.app.refresh()
        self.app.focus("#reply-field")

    # --- the connections (web/live.py: Connections) --------------------------------------

    def live_sdp(self, id: str, sdp: str) -> None:
        offer = self.by_id.get(id)
        if offer is not None:
            offer.made(sdp)
            self.table.app.refresh()

    def live_open(self, id: str) -> None:
        offer = self.by_id.get(id)
        if offer is None:
            return
        offer.open = True
        link = Link(lambda text: self.app.connections.send(id, text), self.app.now,
                    snapshot=lambda: self.host.snapshot_for(id))
        self.host.connect(id, link, offer.seat)
        self.message = said(lambda: _("{player}'s phone is at the table.").format(player=self.who(offer)))
        self.tick()
        self.back_from_bots()
        self.table.app.refresh()

    def live_frame(self, id: str, text, at=None) -> None:
        """A frame from a phone (`at`: when it reached the page, so a busy page's wait is no time on the way)."""
        played = self.host.receive(id, text, self.app.since(at))
        if played:
            self.table.remote_moved(played)
        if self.host.arrivals:
            self.play_due()  # (real time: a phone's move, to be played in its turn)
        if self.host.rollers():
            self.roll_when_due()  # (dice: a phone tapped Roll, which this screen shows)
            self.table.redraw()
        self.back_from_bots()  # (a phone's hello with its key may have given it its seat back)

    def standing_in(self) -> list[int]:
        """The phone seats a bot plays while their phone is away (Table.stand_in)."""
        return [seat for seat in self.offers if seat in self.table.bots]

    def back_from_bots(self) -> None:
        """A phone is back at a seat a bot played while it was away: the seat is its own again."""
        for seat in self.standing_in():
            if seat not in self.host.away():
                self.table.stand_in(seat, False)

    def live_closed(self, id: str, why: str) -> None:
        offer = self.by_id.get(id)
        self.host.disconnect(id)
        if offer is None:
            return
        if offer.seat is None:  # a watcher left: nothing waits for it
            self.watchers.pop(id, None)
            self.by_id.pop(id, None)
            self.table.app.refresh()
            return
        was_open = offer.open
        self.invite(offer.seat)  # the seat's phone may join again with a new invitation
        name = self.table.names()[offer.seat]
        self.message = said(lambda: _("{player}'s phone left the table: show them a new invitation.").format(player=name)
                            if was_open else
                            _("{player}'s phone could not connect: both phones must be on the same Wi-Fi or hotspot. "
                              "Here is a new invitation.").format(player=name))
        self.table.app.refresh()

    def tick(self) -> None:
        self.ticking = None
        if not self.host.phones:
            return
        self.ticks += 1
        if self.ticks % PING_EVERY == 0:
            self.host.ping()
        stalled = self.host.stalled()
        if stalled != self.stalled:  # (a phone went silent, or is heard again: the away line says so)
            self.stalled = stalled
            self.table.redraw()
        trips = self.round_trips() if self.showing_details else None
        if trips != self.trips:  # (a round trip measured anew: the details say so, and nothing else is drawn again)
            self.trips = trips
            self.app.update("[data-live-details]", self.connection_details())
        for phone in self.host.phones.values():
            phone.link.tick()
        self.ticking = self.app.later(TICK_MS, self.tick)

    # --- real time: every move in the order it was made (core/live.py) -------------------

    def arrive(self, seat: int, move) -> None:
        """A move of the host's screen (made when the player clicked) or of a bot (now)."""
        self.host.arrive(seat, move, self.table.clock() - self.app.since_input())
        self.play_due()

    def play_due(self) -> None:
        """Play the moves whose time has come, and wait for the next."""
        table = self.table
        table.clear_timer("live-due")
        waiting = len(self.host.arrivals)
        played, refused = self.host.play_due(table.clock())
        if played or refused:
            table.live_played(played, refused)
        elif len(self.host.arrivals) < waiting:
            table.after_change()  # (only a phone's moves were due, and the rules refused them: the bots go on)
        due = self.host.next_due()
        if due is not None:
            table.set_timer("live-due", max(0.0, due - table.clock()), self.play_due)

    # --- dice: the roll call (core/live.py) -----------------------------------------------

    def roll(self, seats: list[int]) -> None:
        """The host's screen tapped Roll for its players."""
        self.host.roll(seats)
        self.roll_when_due()

    def roll_when_due(self) -> None:
        """The caller's roll waits for the roll call: it is made once everyone has tapped,
        or when the countdown ends; with nobody to tap (bots and stand-ins), at the table's
        pace, once the last roll has been on show."""
        table = self.table
        table.clear_timer("roll-call")
        if not table.can_play() or not self.host.rollers():
            return
        now = table.clock()
        due = self.host.roll_due()
        if due is None and not self.host.waiting():
            due = now + table.pace() + table.settle_ms()
        if due is not None:
            table.set_timer("roll-call", due - now, self.roll_now)

    def roll_now(self) -> None:
        if self.table.can_play() and self.host.rollers():
            self.table.live_played([self.host.roll_now()], [])

    def close(self) -> None:
        if self.ticking is not None:
            self.app.cancel(self.ticking)
            self.ticking = None
        self.app.connections.close_owned(self)

    # --- drawing -------------------------------------------------------------------------

    def render(self) -> Markup:
        table = self.table
        names = table.names()
        rows = [self.seat_row(offer, names[offer.seat]) for offer in self.offers.values()]
        waiting = [offer.seat for offer in self.offers.values() if not offer.open]
        start = h("p", {"class": "setup-actions"},
                  h("button", {"type": "button", "class": "start", "data-action": "lobby-start",
                               "disabled": bool(waiting)}, _("Start game")),
                  h("span", {"class": "live-wait"}, _("Waiting for every phone to join.")) if waiting else None)
        return h("section", {"class": f"table lobby {table.game_id}", "data-game": table.game_id, "data-phase": "lobby"},
                 top_bar(table.entry.title),
                 h("div", {"class": "page-body live-body"},
                   h("h1", {"tabindex": "-1"}, _("Live table: {game}").format(game=table.entry.title)),
                   h("p", None, _("Each friend opens their invitation on their own phone (scan it with the camera, or "
                                  "send the link), then shows you the reply it makes.")),
                   h("p", {"role": "status", "class": "notice-bar", "data-lobby-message": ""}, self.message)
                   if self.message else None,
                   h("ol", {"class": "lobby-seats"}, *rows),
                   None if waiting else start,  # (every phone is at the table: Start is under their names)
                   self.watching(),
                   self.reply_tools(),
                   self.internet_choice(),
                   start if waiting else None))

    def watching(self) -> Markup:
        """Phones that watch (the public view only): how many, and an invitation for one more."""
        watching = sum(offer.open for offer in self.watchers.values())
        pending = self.pending_watcher()
        return h("section", {"class": "live-watchers", "data-watchers": watching},
                 h("p", None, ngettext("{count} phone is watching.", "{count} phones are watching.", watching).format(
                     count=watching)) if watching else None,
                 h("ol", {"class": "lobby-seats"}, self.seat_row(pending, _("Someone to watch"))) if pending else
                 join(h("p", None, h("button", {"type": "button", "class": "secondary", "data-action": "watch-invite"},
                                     _("Invite someone to watch"))),
                      h("p", {"class": "live-note"}, _("A tablet on the table or a laptop on a TV can be the table "
                                                       "screen: invite it to watch. It shows the game large, for "
                                                       "everyone, and no player's secrets."))))

    def reply_tools(self) -> Markup:
        """The ways a reply comes in: the camera, or its link pasted."""
        return join(self.scanner(),
                    h("form", {"class": "reply-form", "data-submit": "take-reply"},
                      h("label", {"for": "reply-field"}, _("Paste a reply link")),
                      h("input", {"id": "reply-field", "name": "reply", "autocomplete": "off", "inputmode": "url"}),
                      h("button", {"type": "submit", "data-action": "take-reply"}, _("Take reply"))))

    def away_bar(self) -> Markup | None:
        """In play: the seats whose phone is away (it left, or never came back), each with a
        new invitation shown when the host asks, and an invitation to watch the host asked
        for; the game goes on meanwhile."""
        names = self.table.names()
        away = [offer for offer in self.offers.values() if not offer.open]
        pending = self.pending_watcher()
        silent = [names[seat] for seat in self.stalled]
        if not away and pending is None and not silent:
            return None
        shown = self.showing_away or self.scanning or any(offer.answered for offer in away)
        rows = [self.seat_row(offer, names[offer.seat]) for offer in away] if shown else []
        if pending is not None:
            rows.append(self.seat_row(pending, _("Someone to watch")))
        bots = self.standing_in()
        who = and_list([_("{player} (a bot plays for now)").format(player=names[offer.seat]) if offer.seat in bots
                        else names[offer.seat] for offer in away])
        return h("div", {"class": "notice-bar live-away", "role": "status", "data-away": " ".join(str(o.seat) for o in away)},
                 h("p", {"data-silent": " ".join(map(str, self.stalled))},
                   _("Not answering for a few seconds: {players}.").format(players=and_list(silent))) if silent else None,
                 h("p", None, _("Away from the table: {players}.").format(players=who), " ",
                   h("button", {"type": "button", "class": "secondary", "data-action": "away-show",
                                "aria-expanded": "true" if shown else "false", "data-show": "false" if shown else "true"},
                     _("Hide the invitation") if shown else _("Show a new invitation"))) if away else None,
                 h("p", {"data-lobby-message": ""}, self.message) if self.message else None,
                 h("ol", {"class": "lobby-seats"}, *rows) if rows else None,
                 self.reply_tools() if rows else None)

    def connection_details(self) -> Markup:
        """Each phone's round trip, measured by the pings: folded away (for the curious, and
        for finding out why a table feels slow)."""
        toggle = h("button", {"type": "button", "class": "secondary", "data-action": "live-details",
                              "aria-expanded": "true" if self.showing_details else "false",
                              "data-show": "false" if self.showing_details else "true"}, _("Connection details"))
        if not self.showing_details:
            return h("div", {"class": "live-details", "data-live-details": ""}, toggle)
        names = self.table.names()
        rows = [h("li", {"data-rtt": seat}, _("{player}: {ms} ms there and back").format(player=names[seat], ms=rtt)
                  if rtt is not None else _("{player}: not measured yet").format(player=names[seat]))
                for seat, rtt in sorted(self.round_trips().items())]
        return h("div", {"class": "live-details", "data-live-details": ""}, toggle,
                 h("ul", None, *rows) if rows else h("p", None, _("No phone is connected.")))

    def round_trips(self) -> dict:
        """Each seated phone's round trip, in whole ms (None: not measured yet)."""
        return {seat: None if rtt is None else round(rtt) for seat, rtt in self.host.round_trips().items()}

    def internet_choice(self) -> Markup:
        """Opt in to a public STUN server, named as the third party it is."""
        on = self.across_internet()
        return h("div", {"class": "live-internet"},
                 h("button", {"type": "button", "class": "secondary", "data-action": "live-internet",
                              "aria-pressed": "true" if on else "false", "data-on": "false" if on else "true"},
                   _("Play across the internet: on") if on else _("Play across the internet: off")),
                 h("p", {"class": "live-note"},
                   _("On one Wi-Fi or one phone's hotspot, the phones need nobody else. Across the internet they ask "
                     "Google's public STUN server (stun.l.google.com) for their outside addresses, so that server sees "
                     "them. Some networks, such as mobile data and guest Wi-Fi, still keep phones apart: then play by "
                     "sending a link after each move.")))

    def scanner(self) -> Markup | None:
        """The camera that reads a reply's QR code, while it is open; else the button that opens it."""
        if not any(offer.code and not offer.answered for offer in self.offers.values()):
            return None
        if not self.scanning:
            return h("p", None, h("button", {"type": "button", "data-action": "scan"}, _("Scan a reply")))
        return camera(_("Camera: point it at the reply's QR code"),
                      _("Point the camera at the QR code on your friend's phone."))

    def seat_row(self, offer: Offer, name: str) -> Markup:
        """One invitation: its QR code and link until its phone is connected (`name`: the
        seat's player; a watcher's invitation has no seat)."""
        key = "watch" if offer.seat is None else offer.seat
        watcher = offer.seat is None
        if offer.open:
            state = h("p", {"data-seat-state": "open"}, _("{player}'s phone is connected.").format(player=name))
            return h("li", {"class": "lobby-seat", "data-lobby-seat": key}, h("h2", None, name), state)
        if offer.problem:
            body = [h("p", {"role": "alert"}, offer.problem)]
        elif not offer.code:
            body = [h("p", {"role": "status"}, _("Making the invitation…"))]
        else:
            link = self.invite_link(offer)
            label = _("Invitation link to watch") if watcher else _("Invitation link for {player}").format(player=name)
            body = [h("figure", {"class": "qr", "data-qr": link, "role": "img",
                                 "aria-label": _("QR code of the invitation to watch") if watcher else
                                 _("QR code of {player}'s invitation").format(player=name)}),
                    h("p", {"class": "share-row"},
                      h("label", {"for": f"invite-{key}"}, label),
                      h("input", {"id": f"invite-{key}", "readonly": True, "value": link, "data-invite": link}),
                      h("button", {"type": "button", "class": "secondary", "data-action": "copy-invite",
                                   "data-seat": key, "aria-label": _("Copy the invitation link")}, _("Copy"))),
                    h("p", {"data-seat-state": "answered" if offer.answered else "waiting"},
                      _("Connecting…") if offer.answered else _("Waiting for the reply.") if watcher else
                      _("Waiting for {player}'s reply.").format(player=name))]
        if watcher:
            bot = h("p", {"class": "live-note"}, _("Opened on a tablet or a laptop on a TV, this invitation makes it "
                                                   "the table screen: the game large, with no player's secrets."))
        elif self.table.phase == "lobby":
            bot = h("p", None, h("button", {"type": "button", "class": "secondary", "data-action": "seat-bot",
                                            "data-seat": key}, _("A bot plays {player}").format(player=name)))
        else:  # (in play: a bot may keep the seat going until its phone is back)
            on = offer.seat in self.table.bots
            bot = h("p", None, h("button", {"type": "button", "class": "secondary", "data-action": "stand-in",
                                            "data-seat": key, "data-on": "false" if on else "true"},
                                 (_("Stop the bot: the game waits for {player}") if on else
                                  _("A bot plays {player} until their phone is back")).format(player=name)))
        return h("li", {"class": "lobby-seat", "data-lobby-seat": key}, h("h2", None, name), *body, bot)

    def on_action(self, action: str, data: dict) -> bool:
        """The lobby's own actions (True if it was one)."""
        if action == "take-reply":
            self.take_reply(str((data.get("form") or {}).get("reply") or ""))
        elif action == "copy-invite":
            offer = self.pending_watcher() if data.get("seat") == "watch" else self.offers.get(seat_of(data))
            if offer is not None and offer.code:
                self.app.copy(self.invite_link(offer))
        elif action == "seat-bot" and self.table.phase == "lobby":
            self.seat_bot(seat_of(data))
        elif action == "stand-in" and seat_of(data) in self.host.away():
            self.table.stand_in(seat_of(data), data.get("on") == "true")
        elif action == "live-internet":
            self.set_across_internet(data.get("on") == "true")
        elif action in ("scan", "scan-stop"):
            self.scanning = action == "scan"
            self.app.refresh()
        elif action == "watch-invite":
            self.invite_watcher()
            self.app.refresh()
        elif action == "live-details":
            self.showing_details = data.get("show") == "true"
            self.app.refresh()
        elif action == "away-show":
            self.showing_away = data.get("show") == "true"
            self.app.refresh()
        elif action == "lobby-start" and self.table.phase == "lobby":
            if all(offer.open for offer in self.offers.values()):
                self.table.begin_live()
        else:
            return False
        return True
