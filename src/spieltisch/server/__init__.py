"""The table server: shared tables over HTTP and WebSocket, one authoritative engine.

``app`` wires the routes; ``service`` holds the tables; ``storage`` keeps them (SQLite or
PostgreSQL); ``botplay`` runs bot seats off the event loop; ``security`` handles tokens.
The API is documented in docs/server.md and, live, at ``/docs``.
"""
