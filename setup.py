"""The build's one piece that pyproject.toml cannot say: the optional C extensions.

``spieltisch.bots._dicht_dran_plan`` computes the Dicht dran heuristic bot's round values
and plan exactly as the Python in ``spieltisch/bots/dicht_dran.py`` does, several times
faster (simulations of heuristic games spend most of their time there);
``spieltisch.bots._triggs_potential`` does the same for the Triggs bot's hand potential
(``spieltisch/bots/triggs.py``), and ``spieltisch.bots._cento_shape`` for the Cento bot's
hand shape, how well a hand plays next turn (``spieltisch/bots/cento.py``). Without a C
compiler the build goes on without them and the bots use the Python: the same decisions,
slower. ``-ffp-contract=off`` keeps the
compiler from fusing a multiply and an add, which would round differently from Python.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "spieltisch.bots._dicht_dran_plan",
            ["src/spieltisch/bots/_dicht_dran_plan.c"],
            extra_compile_args=["-ffp-contract=off"],
            optional=True,
        ),
        Extension(
            "spieltisch.bots._triggs_potential",
            ["src/spieltisch/bots/_triggs_potential.c"],
            extra_compile_args=["-ffp-contract=off"],
            optional=True,
        ),
        Extension(
            "spieltisch.bots._cento_shape",
            ["src/spieltisch/bots/_cento_shape.c"],
            extra_compile_args=["-ffp-contract=off"],
            optional=True,
        ),
    ]
)
