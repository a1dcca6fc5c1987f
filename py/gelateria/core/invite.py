"""Connection codes for a live table: what one phone's WebRTC data channel needs from the
other, packed small enough for a QR code that scans at arm's length.

A data channel between two browsers needs only four things from the other side: its ICE
username fragment and password, the SHA-256 fingerprint of its DTLS certificate, and
the addresses it can be reached at (candidates). The host's *invite* carries its own, the
guest's *reply* its own; each side rebuilds a minimal SDP around the other's fields
(`sdp_of`) and both open a pre-negotiated channel (`negotiated: true, id: 0`).

Binary layout (then base64url without padding), version 1:

    version(1) kind(1) token(4) len(1) ufrag len(1) pwd fingerprint(32) count(1)
    count × [form(1) address(4 | 16) port(2)]

`kind` says invite or reply; `token` is the invite's random name, echoed by its reply so
the host knows which seat a reply answers (and refuses a stale or foreign one). A
candidate's `form` says how its address is written: an mDNS name (the `<uuid>.local`
that browsers show instead of a local address: its 16 bytes), IPv4 or IPv6, and whether
it is a host candidate or a server-reflexive one (the opt-in STUN server's answer).

A code is hostile input like a link: `unpack` bounds its length and checks every field,
raising InviteError with a sentence for the player.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

from gelateria.core.i18n import _

CODE_VERSION = 1
INVITE, REPLY = 1, 2
KINDS = (INVITE, REPLY)
MAX_CODE_CHARS = 640  # the most this format can hold; a browser's code is ~140
MAX_CANDIDATES = 8
TOKEN_BYTES = 4
FINGERPRINT_BYTES = 32  # SHA-256

ICE_CHARS = re.compile(r"[A-Za-z0-9+/]+")  # RFC 8839 ice-char
UFRAG_LENGTHS = range(4, 33)
PWD_LENGTHS = range(22, 256)  # (RFC 8839 allows 256; a length byte holds 255, and browsers use 24)

MDNS, IPV4, IPV6 = 0, 1, 2  # how a candidate's address is written (form & 0x0F)
SRFLX = 0x10  # form bit: a server-reflexive candidate (else a host candidate)
ADDRESS_BYTES = {MDNS: 16, IPV4: 4, IPV6: 16}

MDNS_NAME = re.compile(r"([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local", re.I)
IPV4_TEXT = re.compile(r"(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})")
HEX_GROUP = re.compile(r"[0-9a-fA-F]{1,4}")
CANDIDATE_LINE = re.compile(
    r"a=candidate:\S+ 1 udp \d+ (?P<address>\S+) (?P<port>\d+) typ (?P<type>host|srflx)\b")


class InviteError(ValueError):
    """A connection code that cannot be used; the message is for the player."""


@dataclass(frozen=True)
class Candidate:
    address: str  # "<uuid>.local", an IPv4 or an IPv6 address
    port: int
    type: str = "host"  # "host" or "srflx"


@dataclass(frozen=True)
class Peer:
    """One side of a data channel, as its code carries it."""

    kind: int  # INVITE or REPLY
    token: bytes  # the invite's name (a reply echoes its invite's)
    ufrag: str
    pwd: str
    fingerprint: bytes
    candidates: tuple[Candidate, ...]


# --- from and to SDP ----------------------------------------------------------------------

def peer_of(sdp: str, kind: int, token: bytes) -> Peer:
    """The fields a code carries, read from this side's own local description (after
    gathering). Candidates other than UDP host/srflx ones (TCP, relay) are left out: a
    phone on the same Wi-Fi needs none of them."""
    def attribute(name: str) -> str:
        found = re.search(rf"^a={name}:(.+?)\s*$", sdp, re.M)
        if not found:
            raise InviteError(_("The browser gave no {field} for the connection.").format(field=name))
        return found.group(1)

    algorithm, _sep, hexes = attribute("fingerprint").partition(" ")
    if algorithm.lower() != "sha-256":
        raise InviteError(_("The browser's connection uses an unknown certificate fingerprint."))
    candidates = []
    for line in re.finditer(CANDIDATE_LINE, sdp):
        candidate = Candidate(line["address"], int(line["port"]), line["type"])
        if _form(candidate) is not None and candidate not in candidates:
            candidates.append(candidate)
    return Peer(kind, token, attribute("ice-ufrag"), attribute("ice-pwd"),
                bytes.fromhex(hexes.replace(":", "")), tuple(candidates[:MAX_CANDIDATES]))


def sdp_of(peer: Peer) -> str:
    """The other side's description, rebuilt around its fields: an offer (the invite's
    side: DTLS role actpass) or an answer (the reply's: active)."""
    lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
             "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
    for i, c in enumerate(peer.candidates):
        priority = (126 if c.type == "host" else 100) << 24 | (65535 - i) << 8 | 255  # (RFC 8445: in the code's order)
        lines.append(f"a=candidate:{i + 1} 1 udp {priority} {c.address} {c.port} typ {c.type}"
                     + (" raddr 0.0.0.0 rport 0" if c.type == "srflx" else ""))
    fingerprint = ":".join(f"{b:02X}" for b in peer.fingerprint)
    lines += [f"a=ice-ufrag:{peer.ufrag}", f"a=ice-pwd:{peer.pwd}", f"a=fingerprint:sha-256 {fingerprint}",
              f"a=setup:{'actpass' if peer.kind == INVITE else 'active'}", "a=mid:0", "a=sctp-port:5000",
              "a=max-message-size:262144"]
    return "\r\n".join(lines) + "\r\n"


# --- the code ------------------------------------------------------------------------------

# Addresses by hand, not by the ipaddress and uuid modules: the page's trimmed standard
# library leaves them out, and the three forms a browser writes are simple.

def _address_bytes(text: str) -> tuple[int, bytes] | None:
    """(form, bytes) of an address as a browser writes it in a candidate, or None."""
    name = MDNS_NAME.fullmatch(text)
    if name:
        return MDNS, bytes.fromhex("".join(name.groups()))
    ipv4 = IPV4_TEXT.fullmatch(text)
    if ipv4:
        octets = [int(octet) for octet in ipv4.groups()]
        return (IPV4, bytes(octets)) if max(octets) <= 255 else None
    head, gap, tail = text.partition("::")
    halves = [part.split(":") if part else [] for part in (head, tail)]
    groups = halves[0] + halves[1]
    if "::" in tail or not all(HEX_GROUP.fullmatch(group) for group in groups):
        return None
    missing = 8 - len(groups)
    if missing < 0 or (missing > 0) != bool(gap):
        return None
    return IPV6, b"".join(int(group, 16).to_bytes(2, "big") for group in halves[0] + ["0"] * missing + halves[1])


def _address_text(form: int, raw: bytes) -> str:
    if form == MDNS:
        hexes = raw.hex()
        return f"{hexes[:8]}-{hexes[8:12]}-{hexes[12:16]}-{hexes[16:20]}-{hexes[20:]}.local"
    if form == IPV4:
        return ".".join(map(str, raw))
    return ":".join(f"{int.from_bytes(raw[i:i + 2], 'big'):x}" for i in range(0, 16, 2))


def _form(candidate: Candidate) -> int | None:
    """How a candidate's address is written, or None if a code cannot carry it."""
    found = _address_bytes(candidate.address)
    if found is None:
        return None
    return found[0] | (SRFLX if candidate.type == "srflx" else 0)


def pack(peer: Peer) -> str:
    """`peer` as a code (base64url text, no padding)."""
    _check(peer)
    out = bytearray([CODE_VERSION, peer.kind]) + peer.token
    for text in (peer.ufrag, peer.pwd):
        out += bytes([len(text)]) + text.encode("ascii")
    out += peer.fingerprint + bytes([len(peer.candidates)])
    for c in peer.candidates:
        out += bytes([_form(c)]) + _address_bytes(c.address)[1] + c.port.to_bytes(2, "big")
    return base64.urlsafe_b64encode(bytes(out)).rstrip(b"=").decode("ascii")


def unpack(code: object) -> Peer:
    """The peer a code describes; InviteError with a sentence for the player if it is
    not a code of this version, or damaged."""
    broken = InviteError(_("This connection code is damaged or incomplete. Ask for a new one."))
    if not isinstance(code, str) or not code or len(code) > MAX_CODE_CHARS or not re.fullmatch(r"[A-Za-z0-9_-]+", code):
        raise broken
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise broken from None
    if data[:1] != bytes([CODE_VERSION]):
        raise InviteError(_("This connection code comes from another version of Gelateria. "
                            "Open the latest version on both phones and make a new one."))
    reader = _Reader(data, 1, broken)
    kind = reader.byte()
    if kind not in KINDS:
        raise broken
    token = reader.take(TOKEN_BYTES)
    ufrag, pwd = reader.text(), reader.text()
    fingerprint = reader.take(FINGERPRINT_BYTES)
    candidates = []
    for _i in range(reader.byte()):
        form = reader.byte()
        if form & 0x0F not in ADDRESS_BYTES or form & ~0x1F:
            raise broken
        address = _address_text(form & 0x0F, reader.take(ADDRESS_BYTES[form & 0x0F]))
        port = int.from_bytes(reader.take(2), "big")
        candidates.append(Candidate(address, port, "srflx" if form & SRFLX else "host"))
    if not reader.at_end():
        raise broken
    peer = Peer(kind, token, ufrag, pwd, fingerprint, tuple(candidates))
    try:
        _check(peer)
    except InviteError:
        raise broken from None
    return peer


def _check(peer: Peer) -> None:
    ok = (peer.kind in KINDS and len(peer.token) == TOKEN_BYTES
          and len(peer.ufrag) in UFRAG_LENGTHS and ICE_CHARS.fullmatch(peer.ufrag)
          and len(peer.pwd) in PWD_LENGTHS and ICE_CHARS.fullmatch(peer.pwd)
          and len(peer.fingerprint) == FINGERPRINT_BYTES
          and 1 <= len(peer.candidates) <= MAX_CANDIDATES
          and all(_form(c) is not None and 1 <= c.port <= 65535 for c in peer.candidates))
    if not ok:
        raise InviteError(_("This connection cannot be put in a code: it has no address another phone can reach."))


class _Reader:
    """Reads a code's bytes in order; any read past the end is the code's damage."""

    def __init__(self, data: bytes, at: int, error: InviteError):
        self.data, self.at, self.error = data, at, error

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise self.error
        chunk = self.data[self.at:self.at + n]
        self.at += n
        return chunk

    def byte(self) -> int:
        return self.take(1)[0]

    def text(self) -> str:
        raw = self.take(self.byte())
        if not raw.isascii():
            raise self.error
        return raw.decode("ascii")

    def at_end(self) -> bool:
        return self.at == len(self.data)
