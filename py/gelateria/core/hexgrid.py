"""Hex-grid helpers: axial coordinates (q, r), flat-top layout.

Axial coordinates follow the usual convention (see redblobgames' hex guide): the
third cube coordinate is s = -q - r. With flat-top hexes, q grows to the east-south-
east and r grows to the south; "north" is (0, -1).
"""

from __future__ import annotations

import math
from typing import Iterable, Iterator

Hex = tuple[int, int]

# Neighbour directions, clockwise from north, for flat-top hexes.
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
NORTH, NORTH_EAST, SOUTH_EAST, SOUTH, SOUTH_WEST, NORTH_WEST = DIRECTIONS

# The three axes of a hex grid; each is a direction and its opposite.
AXES: tuple[Hex, ...] = (NORTH, NORTH_EAST, SOUTH_EAST)


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def scale(a: Hex, k: int) -> Hex:
    return (a[0] * k, a[1] * k)


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def are_adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def within(center: Hex, radius: int) -> Iterator[Hex]:
    """Every hex at distance <= radius from center."""
    cq, cr = center
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield (cq + dq, cr + dr)


def ray(start: Hex, direction: Hex, include_start: bool = False) -> Iterator[Hex]:
    """The endless line of hexes from start in one direction."""
    h = start if include_start else add(start, direction)
    while True:
        yield h
        h = add(h, direction)


def run_through(h: Hex, axis: Hex, keep) -> list[Hex]:
    """The unbroken line along `axis` through h of hexes for which keep(hex) holds,
    h included (whether or not keep(h)), ordered from the -axis end to the +axis end."""
    back = []
    for x in ray(h, scale(axis, -1)):
        if not keep(x):
            break
        back.append(x)
    forward = []
    for x in ray(h, axis):
        if not keep(x):
            break
        forward.append(x)
    return back[::-1] + [h] + forward


def to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """Centre of a flat-top hex of circumradius `size`."""
    q, r = h
    x = size * 1.5 * q
    y = size * math.sqrt(3) * (r + q / 2)
    return (x, y)


def from_pixel(x: float, y: float, size: float) -> Hex:
    """The hex containing pixel (x, y) for flat-top hexes of circumradius `size`."""
    q = (2 / 3 * x) / size
    r = (-1 / 3 * x + math.sqrt(3) / 3 * y) / size
    return hex_round(q, r)


def hex_round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def corners(h: Hex, size: float) -> list[tuple[float, float]]:
    """The six corners of a flat-top hex, starting at the east corner."""
    cx, cy = to_pixel(h, size)
    return [
        (cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


def bounds(hexes: Iterable[Hex], size: float) -> tuple[float, float, float, float]:
    """(min_x, min_y, width, height) of the pixel box around these hexes."""
    pts = [to_pixel(h, size) for h in hexes]
    if not pts:
        return (-size, -size, 2 * size, 2 * size)
    half_h = size * math.sqrt(3) / 2
    min_x = min(p[0] for p in pts) - size
    max_x = max(p[0] for p in pts) + size
    min_y = min(p[1] for p in pts) - half_h
    max_y = max(p[1] for p in pts) + half_h
    return (min_x, min_y, max_x - min_x, max_y - min_y)
