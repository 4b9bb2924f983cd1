from pysolver import memo


def test_memo_is_bounded_lru_and_cleared_by_clear_all():
    m = memo.Memo("test-lru", 2)
    m.put("a", 1)
    m.put("b", 2)
    assert m.get("a") == 1          # a is now the most recent
    m.put("c", 3)                   # evicts b
    assert "b" not in m and m.get("a") == 1 and m.get("c") == 3
    assert "test-lru" in memo.registered()
    memo.clear_all()
    assert len(m) == 0 and m.get("a") is None
