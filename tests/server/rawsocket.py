"""A WebSocket client on a bare TCP socket, for tests that must send or read what a
library client would not: bursts of frames in one write, or nothing read at all."""

from __future__ import annotations

import base64
import os
import socket
import struct


def frame(payload: bytes, opcode: int = 0x1) -> bytes:
    """A final, masked client frame (text unless ``opcode`` says otherwise)."""
    mask = os.urandom(4)
    size = len(payload)
    if size < 126:
        head = bytes([0x80 | opcode, 0x80 | size])
    elif size < 1 << 16:
        head = bytes([0x80 | opcode, 0x80 | 126]) + struct.pack("!H", size)
    else:
        head = bytes([0x80 | opcode, 0x80 | 127]) + struct.pack("!Q", size)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def split_frames(data: bytes) -> tuple[list[tuple[int, bytes]], bytes]:
    """The whole server frames at the start of ``data`` as (opcode, payload), and the rest
    (a frame, or a frame's header, still on its way)."""
    frames = []
    while len(data) >= 2:
        size, start = data[1] & 0x7F, 2
        if len(data) < {126: 4, 127: 10}.get(size, 2):
            break
        if size == 126:
            size, start = struct.unpack("!H", data[2:4])[0], 4
        elif size == 127:
            size, start = struct.unpack("!Q", data[2:10])[0], 10
        if len(data) < start + size:
            break
        frames.append((data[0] & 0x0F, data[start : start + size]))
        data = data[start + size :]
    return frames, data


class RawSocket:
    """A WebSocket client that reads only when told to."""

    def __init__(self, server: str, path: str, receive_buffer: int | None = None) -> None:
        host, port = server.split(":")
        self.sock = socket.socket()
        if receive_buffer is not None:  # a small window: the server's sends back up soon
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.connect((host, int(port)))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: {server}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            assert chunk, "the server closed the connection during the handshake"
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 101"), head

    def send(self, text: str) -> None:
        self.sock.sendall(frame(text.encode()))

    def frames(self, timeout: float = 30.0) -> list[tuple[int, bytes]]:
        """Every frame until the server closes the connection: (opcode, payload)."""
        self.sock.settimeout(timeout)
        data = self.buffer
        try:
            while chunk := self.sock.recv(65536):
                data += chunk
        except ConnectionResetError:
            pass
        return split_frames(data)[0]


def close_code(frames: list[tuple[int, bytes]]) -> int | None:
    """The code of the server's close frame, if it sent one with a code."""
    closes = [payload for opcode, payload in frames if opcode == 8]
    return int(struct.unpack("!H", closes[0][:2])[0]) if closes and closes[0] else None
