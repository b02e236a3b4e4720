"""Makes the zip and DEFLATE fixtures of ZipTests and InflateTests with Python's zipfile and zlib.

Run from this folder: python3 zip-fixtures.py. The output is deterministic (fixed seed and dates).
"""
import io
import os
import random
import struct
import zipfile
import zlib

DATE = (2024, 5, 17, 12, 30, 0)
TEXT = ("Date,Meditate,Run,\n" + "".join(
    f"2024-05-{day:02d},{day % 3},{(day * 7) % 4},\n" for day in range(31, 0, -1))) * 20


def member(archive, name, data, method=zipfile.ZIP_DEFLATED, level=None):
    info = zipfile.ZipInfo(name, DATE)
    info.compress_type = method
    info.external_attr = 0o644 << 16
    archive.writestr(info, data, compresslevel=level)


def folder(archive, name):
    info = zipfile.ZipInfo(name, DATE)
    info.external_attr = 0o40755 << 16 | 0x10
    archive.writestr(info, b"")


with zipfile.ZipFile("zip-stored.zip", "w") as archive:
    member(archive, "Habits.csv", b"Position,Name\n001,Meditate\n", zipfile.ZIP_STORED)
    member(archive, "Checkmarks.csv", TEXT.encode(), zipfile.ZIP_STORED)

with zipfile.ZipFile("zip-levels.zip", "w") as archive:
    for level in range(10):
        member(archive, f"level-{level}.csv", TEXT.encode(), level=level)

with zipfile.ZipFile("zip-folders.zip", "w") as archive:
    folder(archive, "001 Meditate/")
    member(archive, "001 Meditate/Checkmarks.csv", b"Date,Value,Notes\n", level=6)
    member(archive, "empty-stored.txt", b"", zipfile.ZIP_STORED)
    member(archive, "empty-deflated.txt", b"", level=9)
    folder(archive, "__MACOSX/")
    member(archive, "__MACOSX/._Habits.csv", b"\x00\x05\x16\x07", zipfile.ZIP_STORED)

with zipfile.ZipFile("zip-unicode.zip", "w") as archive:
    member(archive, "003 Méditer 🧘‍♀️/Checkmarks.csv", "Date,Value,Notes\n2024-05-17,YES_MANUAL,Très bien\n".encode())
    member(archive, "日記.txt", "毎日書く\n".encode(), zipfile.ZIP_STORED)


class Unseekable(io.RawIOBase):
    """A stream zipfile cannot seek back in, so it writes data descriptors after each member."""

    def __init__(self):
        self.buffer = bytearray()

    def writable(self):
        return True

    def write(self, data):
        self.buffer += data
        return len(data)


stream = Unseekable()
with zipfile.ZipFile(stream, "w") as archive:
    member(archive, "Habits.csv", b"Position,Name\n001,Meditate\n", level=6)
    member(archive, "Checkmarks.csv", TEXT.encode(), level=6)
with open("zip-descriptors.zip", "wb") as out:
    out.write(bytes(stream.buffer))

# Raw DEFLATE samples: random bytes of every kind of redundancy, every level and strategy.
# Each record: original length and compressed length (4 bytes each, little endian), then both.
rng = random.Random(12)
strategies = [zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED, zlib.Z_HUFFMAN_ONLY, zlib.Z_RLE, zlib.Z_FIXED]
with open("zip-inflate-samples.bin", "wb") as out:
    for index in range(100):
        # The last samples are longer than DEFLATE's 32 KB window.
        size = 70000 if index >= 98 else rng.choice([0, 1, 2, 3, 17, 258, 1000, 4096, 9000])
        alphabet = 4 if index >= 98 else rng.choice([1, 2, 4, 16, 64, 256])
        if rng.random() < 0.5:
            data = bytes(rng.randrange(alphabet) for _ in range(size))
        else:
            pieces = bytearray()
            while len(pieces) < size:
                if pieces and rng.random() < 0.6:
                    start = rng.randrange(len(pieces))
                    pieces += pieces[start:start + rng.randrange(1, 300)]
                else:
                    pieces += bytes(rng.randrange(alphabet) for _ in range(rng.randrange(1, 40)))
            data = bytes(pieces[:size])
        compressor = zlib.compressobj(rng.randrange(10), zlib.DEFLATED, -15, 9, rng.choice(strategies))
        compressed = compressor.compress(data) + compressor.flush()
        out.write(struct.pack("<II", len(data), len(compressed)) + data + compressed)

# The current Loop export (loop-csv-current) zipped as Loop zips it, for the front door's tests.
with zipfile.ZipFile("detect-loop-export.zip", "w") as archive:
    root = "loop-csv-current"
    for folder_path, folders, names in sorted(os.walk(root)):
        folders.sort()
        relative = os.path.relpath(folder_path, root)
        if relative != ".":
            folder(archive, relative + "/")
        for name in sorted(names):
            if name.endswith(".md"):
                continue
            with open(os.path.join(folder_path, name), "rb") as source:
                data = source.read()
            member(archive, name if relative == "." else relative + "/" + name, data, level=6)
