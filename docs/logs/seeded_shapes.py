"""The seeded random GEMM shapes the sweep scripts draw (runs 26 to 31), in one place so that a
seed gives the same shapes in every script: each of m, n, k is 2^U(8, 13.2), rounded down to
a multiple of 8 (at least 8) with probability 0.7.

  from seeded_shapes import draw; shapes = draw(SEED, N)   # [(m, n, k), ...]
"""
import random


def draw(seed, n):
    """The first `n` shapes `(m, n, k)` of `seed` (reseeds the `random` module)."""
    random.seed(seed)

    def d():
        v = int(2 ** random.uniform(8, 13.2))
        return v if random.random() < 0.3 else max(8, v // 8 * 8)

    def shape():
        random.random()
        return d(), d(), d()

    return [shape() for _ in range(n)]
