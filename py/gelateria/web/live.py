"""The live table on the page: connections to other phones, and the invitations and
replies that make them.

A worker has no RTCPeerConnection, so the page owns every connection (static/live.js)
and Python drives it in plain commands; `Connections` is the app's one door to them.
Whatever opens a connection is its *owner* and hears what happens to it:

    owner.live_sdp(id, sdp)        this side's description, its candidates gathered
    owner.live_open(id)            the data channel is open
    owner.live_frame(id, text, at) a frame from the other phone (core/wire.py reads it; `at`: when it arrived)
    owner.live_closed(id, why)     gone ("closed", "failed", "refused", "left", "replaced")

A connection outlives the screen that opened it only if its owner does (a live table is
kept by the app while it plays); `close_owned` closes what an owner leaves behind.

`Offer` is one seat's invitation on the host (a connection, its code, then the guest's
reply); `Answer` is a guest's side (an invitation read, its reply made). Codes are
core/invite.py's; every one that arrives is hostile and checked there.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable

from gelateria.core.i18n import _
from gelateria.core.invite import INVITE, REPLY, TOKEN_BYTES, InviteError, Peer, pack, peer_of, sdp_of, unpack
from gelateria.web.markup import Markup, h

TICK_MS = 250  # how often a live table's links resend, ask for gaps and acknowledge (core/wire.py)
JOIN_ROUTE = "/join/"  # a guest's route: the invitation's code follows
REPLY_ROUTE = "/reply/"  # the host's: a guest's reply opened on the host phone


class Connections:
    """The page's connections, each named by an id and heard by its owner."""

    def __init__(self, command: Callable[..., None]):
        self._command = command  # sends the page one command (web/app.py)
        self._owners: dict[str, object] = {}
        self._made = 0

    def open(self, owner, offer: str | None = None, stun: bool = False) -> str:
        """A new connection for `owner`: an answer to the other side's `offer` (SDP), or
        an offer of our own. `stun`: also ask the public STUN server for an outside address."""
        self._made += 1
        id = f"c{self._made}"
        self._owners[id] = owner
        self._command("live-open", id=id, offer=offer, stun=stun)
        return id

    def accept(self, id: str, sdp: str) -> None:
        """The other side's answer to our offer."""
        if id in self._owners:
            self._command("live-accept", id=id, sdp=sdp)

    def send(self, id: str, text: str) -> None:
        if id in self._owners:
            self._command("live-send", id=id, text=text)

    def close(self, id: str) -> None:
        if self._owners.pop(id, None) is not None:
            self._command("live-close", id=id)

    def close_owned(self, owner) -> None:
        for id in [i for i, o in self._owners.items() if o is owner]:
            self.close(id)

    def heard(self, event: dict) -> None:
        """A live-* event from the page, to the connection's owner (a closed one's are dropped)."""
        id = str(event.get("id") or "")
        owner = self._owners.get(id)
        if owner is None:
            return
        kind = event.get("on")
        if kind == "live-sdp":
            owner.live_sdp(id, str(event.get("sdp") or ""))
        elif kind == "live-open":
            owner.live_open(id)
        elif kind == "live-frame":
            owner.live_frame(id, event.get("text"), event.get("at"))
        elif kind == "live-closed":
            self._owners.pop(id, None)
            owner.live_closed(id, str(event.get("why") or "closed"))


def camera(label: str, instruction: str) -> Markup:
    """The in-app camera while it reads a QR code (static/live.js films into the video)."""
    return h("div", {"class": "scanner", "data-scanner": ""},
             h("video", {"playsinline": True, "muted": True, "aria-label": label}),
             h("p", {"role": "status"}, instruction),
             h("button", {"type": "button", "class": "secondary", "data-action": "scan-stop"}, _("Close the camera")))


def new_token() -> bytes:
    return os.urandom(TOKEN_BYTES)


@dataclass
class Offer:
    """One seat's invitation, on the host: its connection, and its code once the page
    has gathered candidates (`code` empty until then; `problem`: why there is none)."""

    seat: int
    id: str
    token: bytes
    code: str = ""
    problem: str = ""
    answered: bool = False  # a reply was taken (the connection is being made)
    open: bool = False

    def made(self, sdp: str) -> None:
        """The page's offer: the code for the guest."""
        try:
            self.code = pack(peer_of(sdp, INVITE, self.token))
        except InviteError as exc:
            self.problem = str(exc)

    def reply_sdp(self, code: str) -> str:
        """The SDP of a guest's reply to this invitation; InviteError if it is not one."""
        peer = read_code(code, REPLY)
        if peer.token != self.token:
            raise InviteError(_("That reply answers another invitation. Scan the reply of the phone you invited "
                                "for this seat."))
        return sdp_of(peer)


def read_code(code: str, kind: int) -> Peer:
    """A code of the kind expected (an invitation on a guest, a reply on the host)."""
    peer = unpack(code)
    if peer.kind != kind:
        raise InviteError(_("This is a reply, not an invitation: open it on the phone that invited you.")
                          if kind == INVITE else
                          _("This is an invitation, not a reply: open it on the phone that wants to join."))
    return peer


def code_in(text: str, route: str) -> str:
    """The code in a pasted link (or the code alone): what follows `route` in it."""
    text = text.strip()
    at = text.find("#" + route)
    if at >= 0:
        return text[at + 1 + len(route):].split("/")[0].strip()
    return text.rsplit("/", 1)[-1].strip()


@dataclass
class Answer:
    """A guest's side of an invitation: the invitation read, and the reply the page made."""

    invitation: Peer
    id: str = ""
    code: str = ""
    problem: str = ""

    def made(self, sdp: str) -> None:
        try:
            self.code = pack(peer_of(sdp, REPLY, self.invitation.token))
        except InviteError as exc:
            self.problem = str(exc)
