"""Duplicate tournaments and self-play data, in one process, a process pool or as Ray tasks.

Both jobs split their work into shards of consecutive deals (or episodes), run each shard as
one task and put the shards' results back together in shard order. A deal's games depend only
on its seed, so the result is identical whatever the shard size, the backend and the number of
workers or nodes: a Ray run equals the single-process run of the same arguments.

**Agents** are the crates' bots by name (``bot_names(game)``) or any Python callable
``f(observation, action_mask) -> id``, given the acting seat's ``uint8`` observation (shape
``observation_shape``) and its ``int8`` mask (``num_actions``, 1 for a legal id), as the
PettingZoo observation dict holds them. A callable must be a pure function of them to be
reproducible; the bots get a seed per decision (below).

**Seeds** (``derive`` is ``derive_seed``, the crate's ``seed::derive``): deal ``d`` (or episode
``d``) is reset with ``derive(seed, d)``, as the crate's ``eval::duplicate`` does; in rotation
``r`` the ``k``-th decision's bot is seeded with ``derive(derive(deal seed, r), k)``.

**Backends**: ``"local"`` runs the shards in this process (``workers=1``) or in a
``concurrent.futures`` process pool of ``workers`` processes (agents must then be picklable:
bot names, module-level functions); ``"ray"`` runs each shard as a Ray task (``num_cpus=1``)
on the cluster ``ray.init`` connected to (a local one when it was not called), at most
``workers`` tasks at once (``None``: as many as the cluster has CPUs when the job starts).
Every node needs ``tabletop_env`` installed; Ray pickles callables with cloudpickle, so lambdas
and closures work there.
"""

import concurrent.futures
import dataclasses
import itertools
import json
import os
import pathlib
import pickle
import zipfile
import zlib

import numpy as np

from . import _checks
from ._core import RawEnv, derive_seed

__all__ = [
    "AgentResult",
    "TournamentResult",
    "tournament",
    "generate_selfplay",
    "read_shards",
    "iter_batches",
    "SHARD_FIELDS",
]

#: The arrays of a self-play shard, one row per decision: ``(dtype, shape after the row)``.
#: ``return`` is the acting seat's return for the whole episode (its summed rewards).
SHARD_FIELDS = {
    "observation": ("uint8", "observation_shape"),
    "action_mask": ("uint8", "(num_actions,)"),
    "action": ("int64", "()"),
    "seat": ("uint8", "()"),
    "episode": ("int64", "()"),
    "return": ("float32", "()"),
}

#: The version of the shard layout written in each shard's ``meta``.
SHARD_FORMAT = 1


@dataclasses.dataclass(frozen=True)
class AgentResult:
    """One agent's result: its mean return per game over deals, in the game's reward unit.

    ``ci95`` is the half-width of the 95% interval of the mean, ``1.96 * sd / sqrt(deals)``
    (the deal is the independent unit; 0 for one deal); ``games`` counts every game it sat in.
    """

    name: str
    mean: float
    ci95: float
    games: int


@dataclasses.dataclass(frozen=True)
class TournamentResult:
    """The result of ``tournament``: ``agents`` in the order given, and ``per_deal[d][a]``,
    agent ``a``'s mean return over the seats it held in deal ``d``'s rotations (``None``
    when ``seating`` gives it no seat)."""

    deals: int
    agents: tuple
    per_deal: tuple


def _agent_name(agent):
    if isinstance(agent, str):
        return agent
    return getattr(agent, "__qualname__", None) or type(agent).__name__


def _check_agents(raw, agents):
    """``agents`` as a list, each a bot of ``raw``'s game or a callable."""
    if isinstance(agents, str) or callable(agents):
        raise TypeError("agents is a list (or tuple) of bot names and callables")
    agents = list(agents)
    if not agents:
        raise ValueError("at least one agent")
    for agent in agents:
        if isinstance(agent, str):
            if agent not in raw.bots:
                raise ValueError(f"unknown bot {agent!r}: choose one of {', '.join(raw.bots)}")
        elif not callable(agent):
            raise TypeError(
                f"an agent is a bot name or a callable f(observation, action_mask) -> id, "
                f"not {agent!r} ({type(agent).__name__})"
            )
    return agents


def _check_seating(seating, num_players, num_agents):
    """``seating`` checked, or the default: each agent a seat, or the first agent against
    copies of the second (``[0, 1, 1, 1]`` at mahjong)."""
    if seating is None:
        if num_agents == num_players:
            return list(range(num_players))
        if num_agents == 2:
            return [0] + [1] * (num_players - 1)
        raise ValueError(f"give a seating for {num_agents} agents at {num_players} seats")
    try:
        seating = list(seating)
    except TypeError:
        raise TypeError(f"seating is a list of agent indices, one per seat, not {seating!r}") from None
    if len(seating) != num_players or not all(
        _checks.is_integer(a) and 0 <= a < num_agents
        for a in seating
    ):
        raise ValueError(
            f"seating {seating!r} must give each of {num_players} seats an agent index, 0 to {num_agents - 1}"
        )
    return [int(a) for a in seating]


def _where(raw):
    """The episode seed and decision number ``raw`` is at, for error messages."""
    return f"episode seed {raw.seed}, decision {len(raw.history)}"


def _choose(raw, agent, seat, seed, observation=None, mask=None):
    """The id ``agent`` plays for ``seat``, checked legal. Observation and mask are computed
    when ``agent`` is a callable and they are not given."""
    if isinstance(agent, str):
        return raw.bot_action(agent, seed)
    if observation is None:
        observation, mask = raw.observation(seat), raw.action_mask()
    try:
        choice = agent(observation, mask.view(np.int8))
    except Exception as error:
        if hasattr(error, "add_note"):  # Python 3.11+: say where the agent failed
            error.add_note(f"raised by agent {_agent_name(agent)} at seat {seat} ({_where(raw)})")
        raise
    if not _checks.is_integer(choice):
        raise TypeError(
            f"agent {_agent_name(agent)} returned {choice!r} ({type(choice).__name__}), "
            "not an integer action id"
        )
    choice = int(choice)
    if not 0 <= choice < raw.num_actions or not mask[choice]:
        raise ValueError(
            f"agent {_agent_name(agent)} chose id {choice}, which the mask rules out at seat "
            f"{seat} ({_where(raw)}; legal ids {raw.legal_action_ids()[:20]})"
        )
    return choice


def _play(raw, seat_agents, seed, rotation, record=None):
    """One game from ``seed``: ``seat_agents[s]`` plays seat ``s``. Appends each decision's
    ``(observation, mask, id, seat)`` to ``record`` when given. Returns the returns by seat."""
    raw.reset(seed)
    agent_seed = derive_seed(seed, rotation)
    for decision in itertools.count():
        seat = raw.to_move
        if seat is None:
            return raw.returns
        agent = seat_agents[seat]
        observation = mask = None
        if record is not None:
            observation, mask = raw.observation(seat), raw.action_mask()
        action = _choose(raw, agent, seat, derive_seed(agent_seed, decision), observation, mask)
        if record is not None:
            record.append((observation, mask, action, seat))
        raw.step(action)


def tournament_shard(game, options, agents, seating, seed, deals):
    """Plays deals ``deals`` (a ``range``) of a tournament: for each deal, each agent's mean
    return over the seats it held in the deal's rotations (``None`` without a seat), and the
    games each agent played. The task a shard runs; ``tournament`` describes the arguments."""
    raw = RawEnv(game, **options)
    n = raw.num_players
    scores, games = [], [0] * len(agents)
    for d in deals:
        deal_seed = derive_seed(seed, d)
        total, count = [0.0] * len(agents), [0] * len(agents)
        for r in range(n):
            seats = [seating[(s + r) % n] for s in range(n)]
            returns = _play(raw, [agents[a] for a in seats], deal_seed, r)
            for s, a in enumerate(seats):
                total[a] += float(returns[s])
                count[a] += 1
        scores.append(tuple(t / c if c else None for t, c in zip(total, count)))
        games = [g + c for g, c in zip(games, count)]
    return scores, games


def mean_ci95(values):
    """The mean and the 95% half-width ``1.96 * sd / sqrt(n)`` (0 for fewer than two values),
    as the crate's ``eval::mean_ci95``."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * (var / n) ** 0.5


def _shards(count, shard_size):
    return [range(s, min(s + shard_size, count)) for s in range(0, count, shard_size)]


def _run(task, jobs, backend, workers):
    """``task(*job)`` for each job, yielded in job order, on the chosen backend."""
    if backend == "ray":
        yield from _run_ray(task, jobs, workers)
    elif workers == 1:
        for job in jobs:
            yield task(*job)
    else:
        try:
            pickle.dumps(jobs[0])
        except (pickle.PicklingError, AttributeError, TypeError) as error:
            raise TypeError(
                f"with workers > 1 the local backend pickles the agents ({error}): use bot "
                "names and module-level functions, or backend='ray'"
            ) from error
        with concurrent.futures.ProcessPoolExecutor(workers) as pool:
            futures = [pool.submit(task, *job) for job in jobs]
            try:
                for future in futures:
                    yield future.result()
            finally:  # a shard failed (or the caller stopped): run no more of them
                for future in futures:
                    future.cancel()


def _run_ray(task, jobs, workers):
    """Ray tasks, at most ``workers`` in flight (``None``: the cluster's CPUs), their results
    in job order.

    After a failure no further task is submitted and the tasks in flight are awaited, their
    outcomes read and dropped: Ray logs an "Unhandled error" traceback for every task error
    that is never read, and only the first error is to reach the caller. They are not
    ``ray.cancel``-led: Ray 2.60's driver aborts ("Tried to complete task that was not
    pending") when a cancellation meets a task that is finishing (ray-project/ray#54846).
    """
    import ray

    remote = ray.remote(num_cpus=1)(task)
    limit = workers or _cluster_cpus(ray)
    pending, submitted = [], 0
    try:
        for i in range(len(jobs)):
            while submitted < len(jobs) and submitted - i < limit:
                pending.append(remote.remote(*jobs[submitted]))
                submitted += 1
            yield ray.get(pending[i])
            pending[i] = None
    finally:  # a task failed (or the caller stopped): let the ones in flight end, unread
        for ref in pending:
            if ref is not None:
                try:
                    ray.get(ref)
                except Exception:  # noqa: BLE001 - the outcome is read only to mark it handled
                    pass


def _cluster_cpus(ray):
    """The CPUs of the cluster (at least 1), starting a local Ray as a first task would."""
    if not ray.is_initialized():
        ray.init()
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _check_run(backend, workers, shard_size):
    if backend not in ("local", "ray"):
        raise ValueError(f"backend {backend!r}: 'local' or 'ray'")
    if not (workers is None and backend == "ray"):
        _checks.positive_int("workers", workers)
    _checks.positive_int("shard_size", shard_size)


def tournament(game, agents, deals, seed=0, *, seating=None, shard_size=16, backend="local",
               workers=1, **options):
    """A duplicate tournament of ``agents`` at ``game`` (with ``options``) over ``deals`` deals.

    Every deal is played once per rotation of the seats, as the crate's ``eval::duplicate``:
    ``seating[s]`` is the agent index at seat ``s`` in rotation 0 and rotation ``r`` seats
    ``seating[(s + r) % num_players]`` at seat ``s`` (default ``[0, 1]`` for two agents at a
    two-seat game, ``[0, 1, 1, 1]`` for two agents at mahjong, one seat each when there are as
    many agents as seats). An agent's score for a deal is its mean return over the seats it
    held; ``mean`` and ``ci95`` come from the scores over deals. Deals are split into shards
    of ``shard_size`` run on ``backend`` with ``workers`` (the module doc); the result is the
    same for any of them.

    Returns a ``TournamentResult``.

    Raises ``ValueError`` for an unknown game, option or bot, ``deals`` or ``shard_size`` or
    ``workers`` not positive, a seed outside ``0..2**64``, a bad seating, or a callable
    choosing a masked-out id; ``TypeError`` for an agent that is neither a bot name nor a
    callable, a non-integer seed or count, or a callable returning a non-integer.
    """
    raw = RawEnv(game, **options)
    agents = _check_agents(raw, agents)
    seating = _check_seating(seating, raw.num_players, len(agents))
    deals = _checks.positive_int("deals", deals)
    seed = _checks.seed_value(seed)
    _check_run(backend, workers, shard_size)
    jobs = [(game, options, agents, seating, seed, s) for s in _shards(deals, shard_size)]
    per_deal, games = [], [0] * len(agents)
    for scores, shard_games in _run(tournament_shard, jobs, backend, workers):
        per_deal.extend(scores)
        games = [g + c for g, c in zip(games, shard_games)]
    results = []
    for a, agent in enumerate(agents):
        mean, ci95 = mean_ci95([s[a] for s in per_deal if s[a] is not None])
        results.append(AgentResult(_agent_name(agent), mean, ci95, games[a]))
    return TournamentResult(deals, tuple(results), tuple(per_deal))


def selfplay_shard(game, options, seat_agents, seed, episodes):
    """Plays episodes ``episodes`` (a ``range``) with ``seat_agents[s]`` at seat ``s`` and
    returns their decisions as the arrays of ``SHARD_FIELDS``. The task a shard runs."""
    raw = RawEnv(game, **options)
    record, episode, returns = [], [], []
    for e in episodes:
        start = len(record)
        final = _play(raw, seat_agents, derive_seed(seed, e), 0, record)
        episode.extend([e] * (len(record) - start))
        returns.extend(final[seat] for _, _, _, seat in record[start:])
    shape = tuple(raw.observation_shape)
    return {
        "observation": np.array([r[0] for r in record], np.uint8).reshape((-1,) + shape),
        "action_mask": np.array([r[1] for r in record], np.uint8).reshape(-1, raw.num_actions),
        "action": np.array([r[2] for r in record], np.int64),
        "seat": np.array([r[3] for r in record], np.uint8),
        "episode": np.array(episode, np.int64),
        "return": np.array(returns, np.float32),
    }


def generate_selfplay(game, agents, episodes, directory, seed=0, *, shard_size=64,
                      backend="local", workers=1, compress=True, **options):
    """Plays ``episodes`` episodes of ``game`` and writes every decision to ``.npz`` shards.

    ``agents`` is one agent for every seat, or a list with one agent per seat. Episode ``e``
    is reset with ``derive_seed(seed, e)`` and played in rotation 0 (seat ``s`` by
    ``agents[s]``); shard ``k`` holds episodes ``k * shard_size`` up to the next shard's, in
    ``directory/shard-{k:05d}.npz`` (written by this process as the shards' results arrive,
    so the directory need not be shared between nodes). Each shard has the arrays of
    ``SHARD_FIELDS``, one row per decision in play order, and ``meta``, a JSON string: game,
    options, seed, first_episode, episodes, agents (names), format. The arrays are the same
    for any shard size, backend and number of workers (concatenated in shard order).

    Returns the shard paths in order. Raises what ``tournament`` raises for the same
    arguments, ``ValueError`` for a list of agents of the wrong length, and
    ``FileExistsError`` when ``directory`` already holds shards.
    """
    raw = RawEnv(game, **options)
    if isinstance(agents, str) or callable(agents):
        agents = [agents] * raw.num_players
    agents = _check_agents(raw, agents)
    if len(agents) != raw.num_players:
        raise ValueError(f"give one agent, or one per seat ({raw.num_players}), not {len(agents)}")
    episodes = _checks.positive_int("episodes", episodes)
    seed = _checks.seed_value(seed)
    _check_run(backend, workers, shard_size)
    directory = pathlib.Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    if any(directory.glob("shard-*.npz")):
        raise FileExistsError(f"{directory} already holds shards: choose an empty directory")
    json_options = _plain(options)
    save = np.savez_compressed if compress else np.savez
    shards = _shards(episodes, shard_size)
    jobs = [(game, options, agents, seed, s) for s in shards]
    paths = []
    for k, (arrays, shard) in enumerate(zip(_run(selfplay_shard, jobs, backend, workers), shards)):
        meta = {"game": game, "options": json_options, "seed": seed, "first_episode": shard.start,
                "episodes": len(shard), "agents": [_agent_name(a) for a in agents],
                "format": SHARD_FORMAT}
        path = directory / f"shard-{k:05d}.npz"
        partial = directory / f".shard-{k:05d}.partial.npz"
        save(partial, meta=np.array(json.dumps(meta)), **arrays)
        os.replace(partial, path)
        paths.append(path)
    return paths


def _plain(options):
    """``options`` with numpy scalars (which ``RawEnv`` takes) as Python values, for JSON."""
    return {k: v.item() if isinstance(v, np.generic) else v for k, v in options.items()}


def _shard_paths(source):
    if isinstance(source, (str, os.PathLike)):
        directory = pathlib.Path(source)
        if not directory.is_dir():
            raise ValueError(f"{directory} is not a directory of shards")
        return sorted(directory.glob("shard-*.npz"))
    try:
        return [pathlib.Path(p) for p in source]
    except TypeError as error:
        raise TypeError(f"shards come from a directory or a list of paths, not {source!r} ({error})") from None


def _load_shard(path):
    """The shard at ``path`` as ``read_shards`` yields it, or ``ValueError`` saying why it is
    not one (not an ``.npz``, truncated, an array missing or of another dtype or length)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            missing = [name for name in (*SHARD_FIELDS, "meta") if name not in data.files]
            if missing:
                raise ValueError(f"it lacks {', '.join(missing)}")
            shard = {name: data[name] for name in SHARD_FIELDS}
            shard["meta"] = json.loads(str(data["meta"]))
    except FileNotFoundError:
        raise
    except (OSError, EOFError, KeyError, ValueError, zipfile.BadZipFile, zlib.error) as error:
        raise ValueError(f"{path} is not a readable self-play shard: {error}") from error
    rows = len(shard["action"])
    for name, (dtype, _) in SHARD_FIELDS.items():
        array = shard[name]
        if array.dtype != np.dtype(dtype) or array.ndim < 1 or len(array) != rows:
            raise ValueError(
                f"{path} is not a self-play shard: {name} is {array.dtype} of shape {array.shape}, "
                f"expected {dtype} with {rows} rows"
            )
    if not isinstance(shard["meta"], dict) or shard["meta"].get("format") != SHARD_FORMAT:
        raise ValueError(f"{path} is not a self-play shard of format {SHARD_FORMAT}")
    return shard


def read_shards(source):
    """Yields each shard of ``source`` (a directory: its ``shard-*.npz`` in name order; or a
    list of paths) as a dict of the ``SHARD_FIELDS`` arrays plus ``meta`` (a dict), one shard
    in memory at a time. Raises ``ValueError`` when ``source`` is not a directory, or a file is
    not a readable shard (truncated, foreign, an array missing or of another dtype);
    ``FileNotFoundError`` for a listed path that does not exist."""
    for path in _shard_paths(source):
        yield _load_shard(path)


def _same_layout(first, shard):
    """``ValueError`` unless ``shard`` is of ``first``'s game and options (its rows would not
    stack with ``first``'s)."""
    keys = ("game", "options")
    if any(first["meta"].get(k) != shard["meta"].get(k) for k in keys):
        theirs, ours = ({k: m["meta"].get(k) for k in keys} for m in (shard, first))
        raise ValueError(f"a shard of {theirs} among shards of {ours}: batches mix one game only")


def iter_batches(source, batch_size, drop_last=False):
    """Yields the decisions of ``source`` (as ``read_shards``) in order, as dicts of the
    ``SHARD_FIELDS`` arrays of ``batch_size`` rows each (the last one shorter unless
    ``drop_last``), streaming across shard boundaries; each row is copied once. Shuffle in the
    learner if needed. Raises what ``read_shards`` raises, and ``ValueError`` for a
    ``batch_size`` that is not positive or shards of different games or options."""
    batch_size = _checks.positive_int("batch_size", batch_size)
    first, pending, count = None, [], 0
    for shard in read_shards(source):
        first = first or shard
        _same_layout(first, shard)
        rows, start = len(shard["action"]), 0
        while count + rows - start >= batch_size:
            take = batch_size - count
            pending.append({k: shard[k][start : start + take] for k in SHARD_FIELDS})
            yield _stack(pending)
            pending, count, start = [], 0, start + take
        if start < rows:
            pending.append({k: shard[k][start:] for k in SHARD_FIELDS})
            count += rows - start
    if count and not drop_last:
        yield _stack(pending)


def _stack(pieces):
    """The ``SHARD_FIELDS`` arrays of ``pieces`` (dicts of row slices) concatenated."""
    return {k: np.concatenate([p[k] for p in pieces]) for k in SHARD_FIELDS}
