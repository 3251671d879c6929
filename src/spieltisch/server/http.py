"""A header timeout for uvicorn's HTTP protocol, which has none of its own.

uvicorn closes a connection that stays idle ``timeout_keep_alive`` seconds *after* a
response; a connection that sends nothing, or half a request's headers, it keeps open for
ever (1,000 such connections from one client all stayed open). :func:`guarded` makes a
subclass of the protocol uvicorn would choose (httptools if installed, else h11) that
gives a request's headers ``header_timeout`` seconds from the connection's start, or from
the first byte after the previous response, and then answers ``408`` and closes the
connection. The body's own time is :data:`spieltisch.server.limits.BODY_TIMEOUT`; a
WebSocket is watched by its pings once upgraded.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from spieltisch.server.defaults import HEADER_TIMEOUT

_TIMED_OUT = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"connection: close\r\ncontent-length: 40\r\n\r\n"
    b"the request headers did not come in time"
)


#: The protocol uvicorn picks by itself ("auto"), typed loosely: its attributes differ a
#: little between httptools and h11, and only those both have are used here.
_Protocol: Any = AutoHTTPProtocol


class HeaderTimeoutProtocol(_Protocol):  # type: ignore[misc]
    """uvicorn's HTTP protocol with a deadline for each request's headers."""

    header_timeout = HEADER_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:
        #: Whether the next request's headers are still to come.
        self._awaiting_headers = True
        self._header_timer: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._start_header_timer()

    def data_received(self, data: bytes) -> None:
        if self._awaiting_headers and self._header_timer is None:
            self._start_header_timer()  # the first byte of a request after a response
        cycle = self.cycle
        super().data_received(data)
        if self.cycle is not cycle:  # a new request's headers are in
            self._headers_in()

    def handle_websocket_upgrade(self, *args: Any) -> None:
        self._headers_in()
        super().handle_websocket_upgrade(*args)

    def on_response_complete(self) -> None:
        cycle = self.cycle
        super().on_response_complete()  # h11 may read a pipelined request's headers here
        if self.cycle is cycle and not self.pipeline:
            self._awaiting_headers = True  # idle now: uvicorn's keep-alive timeout applies

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_header_timer()
        super().connection_lost(exc)

    def _headers_in(self) -> None:
        self._awaiting_headers = False
        self._stop_header_timer()

    def _start_header_timer(self) -> None:
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_late)

    def _stop_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        if self._awaiting_headers and not self.transport.is_closing():
            self.transport.write(_TIMED_OUT)
            self.transport.close()


def guarded(header_timeout: float = HEADER_TIMEOUT) -> type[asyncio.Protocol]:
    """The HTTP protocol class for ``uvicorn.run(http=…)`` with ``header_timeout``."""
    return type(
        "HeaderTimeoutProtocol", (HeaderTimeoutProtocol,), {"header_timeout": header_timeout}
    )


class HeldBackWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (``websockets-sansio``), parsing a client's bytes only
    as the app takes its messages.

    uvicorn parses all of one read (up to 256 KiB) into messages before it stops reading:
    from a client sending 1-byte messages that is tens of thousands of queued messages,
    parsed in one go while every other connection waits (a flooder's 64 sockets raised
    other tables' p99 forty-fold). Here a read is kept as bytes and parsed a slice at a
    time, only while fewer than ``max_queue`` messages wait for the app; the socket is
    read again once they are all taken. A fast client's bytes wait, unparsed, in at most
    one read's buffer.

    What waits for a client to read is bounded: the socket's kernel send buffer is fixed
    at ``send_buffer`` bytes (Linux doubles it) and the transport takes ``write_high`` more
    before a send waits. Left to itself the kernel grows the buffer up to 4 MiB (loopback
    starts there), so a spectator that took no states held that much and met the send
    timeout only minutes later, once it was full. Once the app is done with a connection,
    its last bytes (the close frame) get ``close_grace`` seconds to go out; then the
    connection is cut off (uvicorn only closes the transport, which waits for ever for a
    client that does not read).
    """

    max_queue = 8
    slice = 1024
    send_buffer = 32 * 1024
    write_high = 16 * 1024
    close_grace = 5.0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._held = bytearray()
        self._cut_timer: asyncio.TimerHandle | None = None
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.send_buffer)
        limit = getattr(transport, "set_write_buffer_limits", None)  # uvloop's or asyncio's
        if limit is not None:
            limit(high=self.write_high)
        super().connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._cut_timer is not None:
            self._cut_timer.cancel()
            self._cut_timer = None
        super().connection_lost(exc)

    async def run_asgi(self) -> None:
        await super().run_asgi()
        if not self.disconnected:
            self._cut_timer = self.loop.call_later(self.close_grace, self._cut_off)

    def _cut_off(self) -> None:
        self._cut_timer = None
        if not self.disconnected:
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        self._held += data
        self._feed()
        if self._held and not self.read_paused and not self.transport.is_closing():
            self.read_paused = True
            self.transport.pause_reading()

    def _feed(self) -> None:
        while self._held and self.queue.qsize() < self.max_queue:
            if self.transport.is_closing():
                self._held.clear()
                return
            piece = bytes(self._held[: self.slice])
            del self._held[: self.slice]
            super().data_received(piece)

    async def send(self, message: Any) -> None:
        await super().send(message)
        if message["type"] == "websocket.http.response.body" and not message.get("more_body"):
            # uvicorn does not count a denial response as the end of the handshake, and
            # would log an error for each one
            self.handshake_complete = True

    async def receive(self) -> Any:
        message = await self.queue.get()
        self._feed()
        if self.read_paused and self.queue.empty() and not self._held:
            self.read_paused = False
            self.transport.resume_reading()
        return message


__all__ = ["HEADER_TIMEOUT", "HeaderTimeoutProtocol", "HeldBackWebSocketProtocol", "guarded"]
