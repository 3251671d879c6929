"""The server's limits by default, for a public server (``spieltisch serve`` options, see
docs/server.md "Limits"). Kept apart so that the command line reads them without
importing the server."""

from __future__ import annotations

#: Seconds a client has to send a request's headers (from connecting, or from its first
#: byte after the previous answer).
HEADER_TIMEOUT = 10.0
#: Seconds a request's body may take to arrive once its headers are in.
BODY_TIMEOUT = 20.0
#: Seconds an idle connection is kept open after an answer (uvicorn's keep-alive).
KEEP_ALIVE_TIMEOUT = 5.0
#: Tables one client may open in any 60 seconds.
TABLES_PER_MINUTE = 10
#: WebSockets one client may hold open, over all tables.
SOCKETS_PER_CLIENT = 64
#: WebSockets without a token (spectators) one table may have open.
SPECTATORS_PER_TABLE = 64
#: WebSockets one seat (one token) may have open: a phone and a laptop, a reload.
SOCKETS_PER_SEAT = 4
#: Messages a second read from one WebSocket on average, and at once after a quiet time.
SOCKET_RATE = 50.0
SOCKET_BURST = 100
#: Messages a second read from all of one client's WebSockets together, and at once.
CLIENT_RATE = 100.0
CLIENT_BURST = 200
#: Refused messages a second read from all of one client's WebSockets together, and at
#: once: after its refusals, a client's messages wait.
REFUSAL_RATE = 5.0
REFUSAL_BURST = 20
#: New WebSockets a second one client may open (its handshakes wait beyond them), and at
#: once after a quiet time: a class behind one address joins at once, a flood of
#: connections is spread out.
CONNECT_RATE = 8.0
CONNECT_BURST = 16
#: Seconds a new WebSocket may wait for its handshake; a client whose next one would wait
#: longer is refused (429 ``too_many_connects``).
CONNECT_WAIT = 10.0
#: Seconds one send may wait for the client to read before the client is closed.
SEND_TIMEOUT = 10.0
#: Refusals that may wait unsent on one WebSocket before the client is closed.
PENDING_ERRORS = 16
#: Seconds between two full garbage collections the server runs itself, and the share of
#: its time they may take at most: a heap slower to collect is collected less often.
FULL_COLLECTION_SECONDS = 60.0
FULL_COLLECTION_SHARE = 0.005
