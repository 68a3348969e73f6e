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


# --- imitation (riichi mahjong) ------------------------------------------------------------------

import imitation  # noqa: E402


def test_imitation_learns_the_bots_nontrivial_decisions(tmp_path):
    data, moves = imitation.decisions(2, 11, tmp_path / "shards")
    n = len(data["action"])
    assert 500 < n < moves  # two hanchan; their decisions with one legal id left out
    assert (data["mask"].sum(1) > 1).all()  # a single legal id teaches nothing
    assert data["mask"][np.arange(n), data["action"]].all()
    params = imitation.init_params(jax.random.PRNGKey(0), 64)
    tx = imitation.optax.adam(1e-3)
    opt_state = tx.init(params)
    batch = {name: value[:256] for name, value in data.items()}
    before, agreement_before = map(float, imitation.measure(params, batch))
    for _ in range(30):
        params, opt_state, _ = imitation.train_step(params, opt_state, batch, tx)
    after, agreement_after = map(float, imitation.measure(params, batch))
    assert after < 0.8 * before and agreement_after > agreement_before, (before, after)


def test_imitation_trains_the_same_from_the_same_seed_and_plays_legal_hanchan(tmp_path):
    data, _ = imitation.decisions(1, 5, tmp_path / "shards")
    runs = [imitation.train(data, data, tmp_path / str(i), seed=3, steps=4, batch_size=64,
                            hidden=32, eval_every=2, progress=False) for i in range(2)]
    for x, y in zip(*(jax.tree_util.tree_leaves(params) for params, _ in runs)):
        np.testing.assert_array_equal(np.asarray(x), np.asarray(y))
    assert [row[1:] for row in runs[0][1].rows] == [row[1:] for row in runs[1][1].rows]
    # A whole hanchan per rotation: the tournament refuses any masked-out id.
    policy, bot = imitation.play(runs[0][0], "random", 1)
    assert policy["games"] == 4 and bot["name"] == "random"


# --- AlphaZero-style self-play (omok 9x9) --------------------------------------------------------

import alphazero  # noqa: E402


def test_the_search_finds_the_winning_point_and_backs_up_its_value():
    # With an untrained network the search alone must see a win in one. Row 4 (ids 36..44):
    # black's four on x = 2..5 is open at both ends (37, 42), black to move.
    params = alphazero.init_params(jax.random.PRNGKey(0))
    root = alphazero.Node(alphazero.new_game([38, 0, 39, 1, 40, 2, 41, 80]))
    visits = alphazero.Search(params, 200).run([root])[0]
    best = int(np.argmax(visits))
    assert root.ids[best] in (37, 42)
    assert visits[best] > 0.5 * visits.sum()
    # The edge's value is the mover's: every simulation through it won.
    assert root.value_sum[best] == visits[best]
    assert root.children[int(root.ids[best])].terminal == -1  # lost for white, to move there


def test_selfplay_records_legal_targets_and_lowers_the_loss():
    selfplay = alphazero.SelfPlay(8, 8, seed=1, capacity=4096)
    params = alphazero.init_params(jax.random.PRNGKey(1))
    while selfplay.finished < 2:
        selfplay.step(params)
    moves = selfplay.add_bot_games(alphazero.openings(1, 0))  # the warm start's ThreatBot game
    assert selfplay.finished == 3 and 5 <= moves <= alphazero.POINTS - 2
    n = selfplay.size()
    pi, mask, z = (selfplay.buffer[k][:n] for k in ("pi", "mask", "z"))
    assert np.allclose(pi.sum(1), 1) and (pi[mask == 0] == 0).all()
    assert set(np.unique(z)) <= {-1.0, 0.0, 1.0}
    tx = alphazero.optax.adamw(1e-3)
    opt_state = tx.init(params)
    batch = selfplay.sample(128)
    before = float(alphazero.loss_fn(params, batch)[0])
    for _ in range(20):
        params, opt_state, _, _ = alphazero.train_step(params, opt_state, batch, tx)
    assert float(alphazero.loss_fn(params, batch)[0]) < 0.9 * before


def test_alphazero_trains_the_same_from_the_same_seed(tmp_path):
    runs = [alphazero.train(tmp_path / str(i), seed=2, moves=24, parallel=4, simulations=4,
                            batch_size=32, eval_simulations=2, eval_openings=2, progress=False)
            for i in range(2)]
    for x, y in zip(*(jax.tree_util.tree_leaves(params) for params, _ in runs)):
        np.testing.assert_array_equal(np.asarray(x), np.asarray(y))
    np.testing.assert_equal([r[1:] for r in runs[0][1].rows], [r[1:] for r in runs[1][1].rows])
