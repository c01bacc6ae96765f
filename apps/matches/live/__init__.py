"""The realtime side of a match: wire protocol, sockets, pushes, presence heartbeat and the bot driver."""
