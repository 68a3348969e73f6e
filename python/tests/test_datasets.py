"""tabletop_env.datasets.from_logs: mjai logs written as self-play shards.

Games of the self-play generator are written as mjai logs (``_core.mjai_log`` from each
episode's seed and ids); the shards ``from_logs`` writes from those logs hold the generator's
own rows, decision by decision. The logs of other engines in mahjong-core's test data give
legal rows; a log that does not replay is refused naming the file and the line.
"""

import gzip
import json
import pathlib

import numpy as np
import pytest

from tabletop_env import RawEnv, datasets, derive_seed
from tabletop_env import distributed as D
from tabletop_env._core import mjai_log

#: The ids of a claim on an offered tile (ron, chi, pon, open kan) and of a pass.
CLAIMS = range(145, 155)
PASS = 156

ENGINE_LOGS = pathlib.Path(__file__).resolve().parents[2] / "crates/mahjong-core/tests/data/mjai"


def _stream(directory, fields=D.SHARD_FIELDS):
    """The arrays ``fields`` of the shards of ``directory``, concatenated (``read_shards``
    checks them; the arrays beyond ``SHARD_FIELDS`` are read with numpy), and the shards."""
    shards = list(D.read_shards(directory))
    arrays = []
    for path in sorted(pathlib.Path(directory).glob("shard-*.npz")):
        with np.load(path) as data:
            arrays.append({k: data[k] for k in fields})
    return {k: np.concatenate([a[k] for a in arrays]) for k in fields}, shards


@pytest.mark.parametrize(
    "game, scope, rules, episodes",
    [("mahjong", "match", "tenhou", 2), ("mahjong_hand", "hands", "tenhou", 6),
     ("mahjong_hand", "hands", "tenhou_sanma", 6), ("mahjong", "match", "tenhou_sanma", 1)],
)
def test_shards_of_logs_equal_the_selfplay_shards_of_the_same_games(tmp_path, game, scope, rules, episodes):
    seed = 11
    options = {} if rules == "tenhou" else {"rules": rules}
    D.generate_selfplay(game, ["efficiency", "random", "efficiency", "random"][:3 if "sanma" in rules else 4],
                        episodes, tmp_path / "self", seed, shard_size=2, **options)
    selfplay, _ = _stream(tmp_path / "self")
    logs = tmp_path / "logs"
    logs.mkdir()
    for e in range(episodes):
        ids = selfplay["action"][selfplay["episode"] == e].tolist()
        text = mjai_log(derive_seed(seed, e), ids, rules=rules, scope=scope)
        (logs / f"episode-{e:03d}.jsonl").write_text(text)
    # One log gzipped: read the same.
    first = logs / "episode-000.jsonl"
    with gzip.open(logs / "episode-000.jsonl.gz", "wt") as file:
        file.write(first.read_text())
    first.unlink()
    paths = datasets.from_logs(logs, tmp_path / "out", rules=rules, scope=scope, logs_per_shard=2, workers=2)
    assert len(paths) == (episodes + 1) // 2
    data, shards = _stream(tmp_path / "out", {**D.SHARD_FIELDS, **datasets.LOG_FIELDS})
    for name, (dtype, _) in {**D.SHARD_FIELDS, **datasets.LOG_FIELDS}.items():
        assert data[name].dtype == np.dtype(dtype), name
    assert shards[0]["meta"]["game"] == game
    assert shards[0]["meta"]["options"] == options
    assert len(data["action"]) == len(selfplay["action"])
    for name in ("observation", "action_mask", "seat", "episode", "return"):
        assert np.array_equal(data[name], selfplay[name]), name
    # A claim beaten by one of higher priority leaves no line in the log: a pass there.
    differ = np.flatnonzero(data["action"] != selfplay["action"])
    assert all(selfplay["action"][i] in CLAIMS and data["action"][i] == PASS for i in differ)
    assert all(data["action_mask"][i][a] == 1 for i, a in enumerate(data["action"]))
    if scope == "hands":
        assert np.array_equal(data["hand_return"], data["return"])
        assert not data["hand"].any()
    # Self-play shards and log shards stream together.
    assert sum(len(b["action"]) for b in D.iter_batches(paths + sorted((tmp_path / "self").glob("*.npz")), 64)) \
        == 2 * len(data["action"])


def test_the_logs_of_other_engines_give_legal_rows_on_any_number_of_threads(tmp_path):
    logs = sorted(ENGINE_LOGS.glob("mlibriichi-*.jsonl")) + sorted(ENGINE_LOGS.glob("riichienv-*.jsonl"))
    assert len(logs) == 9
    datasets.from_logs(logs, tmp_path / "one", logs_per_shard=4, threads=1)
    datasets.from_logs(logs, tmp_path / "two", logs_per_shard=9, threads=2)
    fields = {**D.SHARD_FIELDS, **datasets.LOG_FIELDS}
    one, _ = _stream(tmp_path / "one", fields)
    two, _ = _stream(tmp_path / "two", fields)
    for name in fields:
        assert np.array_equal(one[name], two[name]), name
    assert sorted(set(one["episode"].tolist())) == list(range(9))
    rows = np.arange(len(one["action"]))
    assert one["action_mask"][rows, one["action"]].all()
    discards = [sum('"dahai"' in line for line in path.read_text().splitlines()) for path in logs]
    assert [int(((one["episode"] == e) & (one["action"] < 76)).sum()) for e in range(9)] == discards
    assert one["observation"].shape[1:] == tuple(RawEnv("mahjong").observation_shape)
    sanma = sorted(ENGINE_LOGS.glob("sanma-*.jsonl"))
    datasets.from_logs(sanma, tmp_path / "sanma", rules="tenhou_sanma")
    three, _ = _stream(tmp_path / "sanma")
    assert three["action_mask"].shape[1] == 158 and three["seat"].max() == 2


RECORDS = pathlib.Path(__file__).resolve().parents[2] / "crates/mahjong-records/tests/data"


def test_tenhous_records_give_the_rows_of_their_twin_in_the_other_format(tmp_path):
    # Six real games Tenhou recorded both as XML and as tenhou.net/6 JSON: the same decisions.
    xml = sorted((RECORDS / "mjlog/mjlog2json").glob("*.xml"))
    twins = sorted((RECORDS / "tenhou6/tenhou-net").glob("*.json"))
    assert [p.stem for p in xml] == [p.stem for p in twins] and len(xml) == 6
    datasets.from_logs(xml, tmp_path / "xml")
    datasets.from_logs(twins, tmp_path / "json")
    fields = {**D.SHARD_FIELDS, **datasets.LOG_FIELDS}
    a, _ = _stream(tmp_path / "xml", fields)
    b, _ = _stream(tmp_path / "json", fields)
    assert len(a["action"]) > 5000
    for name in fields:
        assert np.array_equal(a[name], b[name]), name
    rows = np.arange(len(a["action"]))
    assert a["action_mask"][rows, a["action"]].all()


def test_a_gzipped_mjlog_is_read_whatever_its_name_and_a_record_of_other_seats_is_refused(tmp_path):
    plain = RECORDS / "mjlog/mjlog2json/2019021004gm-00a9-0000-e2f6516d.xml"
    packed = tmp_path / "game.mjlog"  # Tenhou's archives gzip their .mjlog files
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    datasets.from_logs(plain, tmp_path / "plain")
    datasets.from_logs(packed, tmp_path / "packed")
    a, _ = _stream(tmp_path / "plain")
    b, _ = _stream(tmp_path / "packed")
    assert len(a["action"]) > 0
    for name in D.SHARD_FIELDS:
        assert np.array_equal(a[name], b[name]), name
    sanma = RECORDS / "mjlog/dnovikoff-tenhou/sanma2.xml"  # (sanma.xml is a four-player game)
    with pytest.raises(ValueError, match="a 3-player record, read under 4-player rules"):
        datasets.from_logs(sanma, tmp_path / "sanma")
    datasets.from_logs(sanma, tmp_path / "sanma3", rules="tenhou_sanma")
    three, _ = _stream(tmp_path / "sanma3")
    assert three["seat"].max() == 2


def test_a_log_that_does_not_replay_is_refused_or_skipped_with_its_line(tmp_path):
    good = ENGINE_LOGS / "mlibriichi-11.jsonl"
    lines = good.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if '"dahai"' in line)
    lines[at] = lines[at].replace('"pai":"', '"pai":"X')
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines))
    with pytest.raises(ValueError, match=rf"bad.jsonl: line {at + 1}:"):
        datasets.from_logs([good, bad], tmp_path / "raise")
    paths = datasets.from_logs([good, bad], tmp_path / "skip", errors="skip")
    meta = next(D.read_shards(paths))["meta"]
    assert [s["log"] for s in meta["skipped"]] == [str(bad)]
    assert meta["skipped"][0]["error"].startswith(f"line {at + 1}:")
    with pytest.raises(ValueError, match="unknown rules"):
        datasets.from_logs([good], tmp_path / "x", rules="nope")
    with pytest.raises(ValueError, match="unknown scope"):
        datasets.from_logs([good], tmp_path / "x", scope="nope")
    with pytest.raises(FileNotFoundError):
        datasets.from_logs([tmp_path / "missing.jsonl"], tmp_path / "x")
    with pytest.raises(FileExistsError):
        datasets.from_logs([good], tmp_path / "skip")
    # A four-player log under three-player rules, a foreign file: ValueError, no crash.
    with pytest.raises(ValueError, match="line"):
        datasets.from_logs([good], tmp_path / "y", rules="tenhou_sanma")
    foreign = tmp_path / "foreign.jsonl"
    foreign.write_bytes(b"\x00\xff not json\n")
    with pytest.raises(ValueError, match="foreign.jsonl: not a text log"):
        datasets.from_logs([foreign], tmp_path / "z")
    foreign.write_text("{}\n")
    with pytest.raises(ValueError, match="foreign.jsonl: not a tenhou.net/6 log"):
        datasets.from_logs([foreign], tmp_path / "z2")


def test_mjai_log_refuses_an_illegal_id():
    with pytest.raises(ValueError):
        mjai_log(0, [155], rules="tenhou", scope="hands")
    text = mjai_log(0, [], scope="hands")
    assert [json.loads(line)["type"] for line in text.splitlines()] == ["start_game", "start_kyoku", "tsumo"]
