"""The training examples (python/examples/train): a few seconds of each, which must keep every
action legal, lower the loss on a fixed batch and repeat itself exactly from the same seed."""

import pathlib
import sys

import numpy as np
import pytest

pytest.importorskip("jax", reason="the training examples' requirements are not installed")
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "examples" / "train"))

import jax  # noqa: E402
import ppo  # noqa: E402

GAMES = [("matgo", "tutorial"), ("poker", "counting")]


def small(game, opponent):
    return ppo.Config(game=game, opponent=opponent, num_envs=8, rollout=24, minibatch=32,
                      hidden=32)


def fresh(cfg, seed=0):
    from tabletop_env import RawEnv

    env = RawEnv(cfg.game)
    params = ppo.init_params(jax.random.PRNGKey(seed), int(np.prod(env.observation_shape)),
                             env.num_actions, cfg.hidden)
    return params, ppo.optimizer(cfg).init(params)


@pytest.mark.parametrize("game, opponent", GAMES)
def test_ppo_plays_only_legal_ids_and_lowers_the_loss_on_a_fixed_batch(game, opponent):
    cfg = small(game, opponent)
    params, opt_state = fresh(cfg)
    collector = ppo.Collector(cfg, 7)
    data = collector.rollout(params, jax.random.PRNGKey(1))
    n = len(data["action"])
    assert n > cfg.minibatch
    # Every id the learner played was legal where it played it (the bot's are the crate's).
    assert data["mask"][np.arange(n), data["action"]].all()
    assert np.isfinite(data["adv"]).all() and np.isfinite(data["ret"]).all()
    batch = {name: value[: cfg.minibatch] for name, value in data.items()}
    before = float(ppo.ppo_loss(params, batch, cfg)[0])
    for _ in range(20):
        params, opt_state, _, _ = ppo.train_step(params, opt_state, batch, cfg)
    after = float(ppo.ppo_loss(params, batch, cfg)[0])
    assert after < before - 0.05 * abs(before), (before, after)


def test_the_same_seed_trains_the_same(tmp_path):
    cfg = small("poker", "counting")
    runs = [ppo.train(cfg, 5, tmp_path / str(i), updates=2, eval_every=1e9, eval_deals=4,
                      final_deals=4, progress=False) for i in range(2)]
    (a, curve_a), (b, curve_b) = runs
    for x, y in zip(jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b)):
        np.testing.assert_array_equal(np.asarray(x), np.asarray(y))
    assert len(curve_a.rows) == 2  # before training and after it
    np.testing.assert_equal([row[1:] for row in curve_a.rows], [row[1:] for row in curve_b.rows])
    assert (tmp_path / "0" / "curve.png").stat().st_size > 0
    assert (tmp_path / "0" / "curve.csv").read_text().splitlines()[0].startswith("seconds,")
