"""Connection codes for a live table (core/invite.py): what a data channel needs from the
other phone survives the trip through a code small enough for an arm's-length QR code,
and a damaged, foreign or hostile code is refused with a sentence, never a crash."""

import base64
import random

import pytest

from gelateria.core.invite import (INVITE, MAX_CODE_CHARS, REPLY, Candidate, InviteError, Peer, pack, peer_of,
                                   sdp_of, unpack)

# A Chromium offer as this machine's browser gathers it with no ICE servers: two host
# candidates under mDNS names, trickle, a SHA-256 fingerprint.
CHROMIUM_OFFER = """v=0
o=- 5952910165443862823 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
a=extmap-allow-mixed
a=msid-semantic: WMS
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:2988191658 1 udp 2113937151 381af2c7-9257-4016-980b-0e68f426318c.local 36080 typ host generation 0 network-cost 999
a=candidate:3043902234 1 udp 2113942271 6ac67a89-1f47-49fe-9492-f57e99629f42.local 42022 typ host generation 0 network-cost 999
a=candidate:1 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active generation 0
a=ice-ufrag:kWzy
a=ice-pwd:lYkqB9hI6giXPFkeeR26uH8P
a=ice-options:trickle
a=fingerprint:sha-256 04:58:44:96:F9:26:8B:E4:CF:A9:3A:9D:32:EB:63:BC:72:23:E2:E9:EC:D8:5F:07:9D:62:77:85:FD:2B:3E:41
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
""".replace("\n", "\r\n")
TOKEN = bytes.fromhex("a1b2c3d4")
SITE = "https://someone.github.io/gelateria/#/join/"  # a GitHub Pages project address


def test_a_chromium_offer_packs_into_a_short_code_and_comes_back_whole():
    peer = peer_of(CHROMIUM_OFFER, INVITE, TOKEN)
    assert peer.ufrag == "kWzy" and peer.pwd == "lYkqB9hI6giXPFkeeR26uH8P"
    assert peer.fingerprint.hex().upper().startswith("045844")
    # The UDP host candidates, in order; the TCP one is left out (a phone on one Wi-Fi needs none).
    assert peer.candidates == (Candidate("381af2c7-9257-4016-980b-0e68f426318c.local", 36080),
                               Candidate("6ac67a89-1f47-49fe-9492-f57e99629f42.local", 42022))
    code = pack(peer)
    assert len(code) <= 150 and len(SITE + code) <= 200
    assert unpack(code) == peer


def test_the_rebuilt_description_holds_what_the_browser_needs_in_its_role():
    offer = sdp_of(unpack(pack(peer_of(CHROMIUM_OFFER, INVITE, TOKEN))))
    for line in ("a=ice-ufrag:kWzy", "a=ice-pwd:lYkqB9hI6giXPFkeeR26uH8P", "a=setup:actpass",
                 "a=fingerprint:sha-256 04:58:44:96:F9:26:8B:E4:CF:A9:3A:9D:32:EB:63:BC:72:23:E2:E9:EC:D8:5F:07:9D:62:77:85:FD:2B:3E:41",
                 "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
                 "381af2c7-9257-4016-980b-0e68f426318c.local 36080 typ host"):
        assert line in offer
    assert offer.endswith("\r\n") and "\n" not in offer.replace("\r\n", "")
    # Read back by the same parser, it is the same peer: nothing was lost or invented.
    assert peer_of(offer, INVITE, TOKEN) == peer_of(CHROMIUM_OFFER, INVITE, TOKEN)
    reply = Peer(REPLY, TOKEN, "abcd", "x" * 24, bytes(32), (Candidate("10.0.0.7", 50000),))
    assert "a=setup:active" in sdp_of(reply)


def test_addresses_of_every_form_round_trip():
    candidates = (Candidate("10.0.0.7", 50000), Candidate("fe80:0:0:0:0:0:0:1", 1),
                  Candidate("203.0.113.9", 65535, "srflx"), Candidate("2001:db8:0:0:0:0:a:7", 3478, "srflx"),
                  Candidate("381af2c7-9257-4016-980b-0e68f426318c.local", 9, "host"))
    peer = Peer(REPLY, TOKEN, "a+/9" * 8, "p" * 255, bytes(range(32)), candidates)
    assert unpack(pack(peer)) == peer
    # A shortened IPv6 address comes back written in full: the same address.
    short = Peer(REPLY, TOKEN, "abcd", "p" * 22, bytes(32), (Candidate("2001:DB8::a:7", 3478), Candidate("::1", 9)))
    assert [c.address for c in unpack(pack(short)).candidates] == ["2001:db8:0:0:0:0:a:7", "0:0:0:0:0:0:0:1"]


@pytest.mark.parametrize("address", ["1::2::3", ":::", "12345::1", "1:2:3:4:5:6:7:8:9", "1:2:3", "256.1.1.1", "1.2.3",
                                     "fe80::1%eth0", "::ffff:1.2.3.4", "381af2c7-9257-4016-980b.local", "router.local"])
def test_an_address_a_code_cannot_write_leaves_the_candidate_out(address):
    sdp = CHROMIUM_OFFER.replace("381af2c7-9257-4016-980b-0e68f426318c.local", address)
    assert [c.address for c in peer_of(sdp, INVITE, TOKEN).candidates] == ["6ac67a89-1f47-49fe-9492-f57e99629f42.local"]


@pytest.mark.parametrize("peer, why", [
    (Peer(INVITE, TOKEN, "kWzy", "lYkqB9hI6giXPFkeeR26uH8P", bytes(32), ()), "no address"),
    (Peer(INVITE, TOKEN, "kWzy", "lYkqB9hI6giXPFkeeR26uH8P", bytes(32), (Candidate("printer.example.com", 80),)), "a name"),
    (Peer(INVITE, TOKEN, "k z", "lYkqB9hI6giXPFkeeR26uH8P", bytes(32), (Candidate("10.0.0.1", 80),)), "a space"),
])
def test_a_connection_a_code_cannot_carry_is_said(peer, why):
    with pytest.raises(InviteError, match="no address another phone can reach"):
        pack(peer)


def test_a_code_from_another_version_says_so():
    raw = bytearray(base64.urlsafe_b64decode(pack(peer_of(CHROMIUM_OFFER, INVITE, TOKEN)) + "=="))
    raw[0] = 2
    with pytest.raises(InviteError, match="another version of Gelateria"):
        unpack(base64.urlsafe_b64encode(bytes(raw)).rstrip(b"=").decode())


def test_damaged_foreign_and_hostile_codes_are_refused_with_a_sentence():
    good = pack(peer_of(CHROMIUM_OFFER, INVITE, TOKEN))
    rng = random.Random(32)
    raw = base64.urlsafe_b64decode(good + "==")
    tries = [None, 7, "", "A" * (MAX_CODE_CHARS + 1), good + "!", good[:-3], good + "AAAA", "v1.not-a-code",
             "https://example.com/#/join/" + good, good.replace("A", "=")]
    for _ in range(2000):
        mutated = bytearray(raw)
        for _flip in range(rng.randint(1, 4)):
            mutated[rng.randrange(len(mutated))] = rng.randrange(256)
        tries.append(base64.urlsafe_b64encode(bytes(mutated[:rng.randint(1, len(mutated))])).rstrip(b"=").decode())
        tries.append("".join(rng.choice("ABCabc019-_") for _ in range(rng.randint(1, 300))))
    refused = 0
    for code in tries:
        try:
            peer = unpack(code)
        except InviteError as error:
            assert str(error).endswith(".") and "\n" not in str(error)
            refused += 1
        else:  # a mutation that still reads as a code is a whole, valid one
            assert pack(peer) == code
    assert refused >= len(tries) * 0.9
