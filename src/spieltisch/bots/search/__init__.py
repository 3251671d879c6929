"""The parts of the information-set search (:class:`spieltisch.bots.ismcts.IsmctsBot`):
its settings, its tree, the knockout at the root, and the deals, models and playouts."""
