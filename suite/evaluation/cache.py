"""SQLite verdict cache keyed by (judge identity, sample content hash).

Each batch is written in one transaction, so a run killed at any point keeps every
batch it finished and loses none that it stored; WAL mode and a busy timeout let
two runs share one cache file. Only what the judge gives again is stored: an error or a
time-limit no-verdict is never written, and one found (stored by an older version) is not served.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterable, Sequence
from contextlib import closing
from pathlib import Path

from judgesuite.judges.local_cache import cache_dir
from judgesuite.judges.types import Verdict

_SCHEMA = """
CREATE TABLE IF NOT EXISTS verdicts (
    judge_key TEXT NOT NULL,
    sample_hash TEXT NOT NULL,
    verdict TEXT NOT NULL,
    seconds REAL NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (judge_key, sample_hash)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS judges (
    judge_key TEXT PRIMARY KEY,
    identity TEXT NOT NULL
);
"""
_COLUMNS = ["judge_key", "sample_hash", "verdict", "seconds", "created"]  # of the verdicts table


def default_cache_path() -> Path:
    return cache_dir() / "verdicts.sqlite"


class CacheError(ValueError):
    """A cache file that cannot be used (not SQLite, damaged, someone else's database, unwritable)."""


def _parse_entry(blob: object) -> object:
    try:
        return json.loads(blob)
    except (ValueError, RecursionError, TypeError):
        return None


def _verdict_of(d: object) -> Verdict | None:
    """The verdict a cache entry stores; None for an entry that is not one (edited, damaged): it is judged again."""
    if not isinstance(d, dict):
        return None
    try:
        return Verdict.from_dict(d)
    except (KeyError, TypeError, ValueError):
        return None


def _check_readable_cache(path: Path) -> None:
    """CacheError unless `path` is a judgesuite verdict cache with this version's tables (opened read-only:
    a missing file is not created, a shard's copy is not written to)."""
    if not path.is_file():
        raise CacheError(f"verdict cache {path}: no such file")
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            columns = [r[1] for r in conn.execute("PRAGMA table_info(verdicts)")]
    except sqlite3.Error as exc:
        raise CacheError(f"verdict cache {path}: {exc}") from None
    if not {"verdicts", "judges"} <= tables or columns != _COLUMNS:
        raise CacheError(f"verdict cache {path}: not a verdict cache of this version (tables: "
                         f"{', '.join(sorted(tables)) or 'none'})")


class VerdictCache:
    """Stored verdicts; `get_many` / `put_many` are safe from several threads and processes."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_cache_path()
        self._local = threading.local()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.is_file() and self.path.stat().st_size:  # looked at read-only: a foreign file stays as it is
                with closing(sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)) as peek:
                    tables = {r[0] for r in peek.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if tables and not {"verdicts", "judges"} <= tables:
                    raise CacheError(f"verdict cache {self.path}: not a judgesuite verdict cache (its tables: "
                                     f"{', '.join(sorted(tables))}); pass --cache another file")
            with self._conn() as conn:
                conn.executescript(_SCHEMA)
                columns = [r[1] for r in conn.execute("PRAGMA table_info(verdicts)")]
                if columns != _COLUMNS:
                    raise CacheError(f"verdict cache {self.path}: its verdicts table has other columns "
                                     f"({', '.join(columns)}); pass --cache another file")
                conn.execute("SELECT COUNT(*) FROM judges").fetchone()
        except (sqlite3.Error, OSError) as exc:
            raise CacheError(f"verdict cache {self.path}: {exc}; move it away or pass --cache another file") from None

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:  # one per thread (a batch runs in its own thread: `Runner._timed_batch`)
            conn = self._local.conn = _connect(self.path)
            if str(self.path) == ":memory:":  # a thread's own database: it needs the tables too
                conn.executescript(_SCHEMA)
        return conn

    def register_judge(self, judge_key: str, identity: dict) -> None:
        self._write("INSERT OR IGNORE INTO judges VALUES (?, ?)",
                    [(judge_key, json.dumps(identity, sort_keys=True, default=str))])

    def get_many(self, judge_key: str, hashes: Sequence[str]) -> dict[str, tuple[Verdict, float]]:
        out: dict[str, tuple[Verdict, float]] = {}
        conn = self._conn()
        for start in range(0, len(hashes), 500):
            chunk = list(hashes[start:start + 500])
            marks = ",".join("?" * len(chunk))
            found = conn.execute(f"SELECT sample_hash, verdict, seconds FROM verdicts WHERE judge_key = ? "
                                 f"AND sample_hash IN ({marks})", [judge_key, *chunk]).fetchall()
            if not found:
                continue
            try:  # one JSON parse per chunk: a parse per verdict costs seconds in a run's read-back
                blobs = json.loads("[" + ",".join(blob for _, blob, _ in found) + "]")
            except (ValueError, RecursionError, TypeError):
                blobs = None
            if blobs is None or len(blobs) != len(found):  # a damaged entry: each one alone
                blobs = [_parse_entry(blob) for _, blob, _ in found]
            for (h, _, seconds), d in zip(found, blobs):
                verdict = _verdict_of(d)
                if verdict is not None and verdict.cacheable:  # a failure an older version stored is judged again
                    out[h] = (verdict, seconds)
        return out

    def put_many(self, judge_key: str, items: Iterable[tuple[str, Verdict, float]]) -> int:
        """Store the cacheable verdicts (`Verdict.cacheable`: never an error or a time limit);
        returns how many were left out."""
        now = time.time()
        items = list(items)
        rows = [(judge_key, h, json.dumps(v.to_dict(), default=str), s, now) for h, v, s in items if v.cacheable]
        if rows:
            self._write("INSERT OR REPLACE INTO verdicts VALUES (?, ?, ?, ?, ?)", rows)
        return len(items) - len(rows)

    def _write(self, sql: str, rows: list[tuple]) -> None:
        conn = self._conn()
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.executemany(sql, rows)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def merge_from(self, other: str | Path) -> int:
        """Copy every verdict and judge identity of another cache file into this one; returns the
        number of verdicts added (those already here are kept)."""
        _check_readable_cache(Path(other))
        conn = self._conn()
        before = self.count()
        conn.execute("ATTACH DATABASE ? AS other", [str(other)])
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT OR IGNORE INTO judges SELECT * FROM other.judges")
            conn.execute("INSERT OR IGNORE INTO verdicts SELECT * FROM other.verdicts")
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise CacheError(f"verdict cache {other}: cannot copy its verdicts ({exc})") from None
        finally:
            conn.execute("DETACH DATABASE other")
        return self.count() - before

    def count(self, judge_key: str | None = None) -> int:
        conn = self._conn()
        if judge_key is None:
            return conn.execute("SELECT COUNT(*) FROM verdicts").fetchone()[0]
        return conn.execute("SELECT COUNT(*) FROM verdicts WHERE judge_key = ?", [judge_key]).fetchone()[0]

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None


def _connect(path: Path, wait_s: float = 60.0) -> sqlite3.Connection:
    """A connection in WAL mode. Two processes opening a new file at once both switch it to WAL,
    which takes a lock SQLite's busy timeout does not wait for: retry that step until `wait_s`."""
    deadline = time.monotonic() + wait_s
    while True:
        conn = sqlite3.connect(path, timeout=wait_s, isolation_level=None)
        try:
            if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            return conn
        except sqlite3.OperationalError as exc:
            conn.close()
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)
