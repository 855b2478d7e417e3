"""How from_torch() turns keyword example inputs into program inputs, tested
without torch: the flattening and its inverse (the torch side is
test_frontends.py, which needs torch and torch-mlir)."""

from tsopt._frontends import _flatten_keywords


class T:
    """A stand-in tensor."""

    def __init__(self, label):
        self.label = label


def is_tensor(v):
    return isinstance(v, T)


def test_tensors_and_tuples_become_inputs_in_keyword_order():
    cos, sin, mask = T("cos"), T("sin"), T("mask")
    tensors, names, rebuild = _flatten_keywords(
        {"position_embeddings": (cos, sin), "attention_mask": mask,
         "use_cache": False, "past": None}, is_tensor)
    assert [t.label for t in tensors] == ["cos", "sin", "mask"]
    assert names == ["position_embeddings_0", "position_embeddings_1",
                     "attention_mask"]
    # The export passes other tensors in their places: they land where the
    # keywords had theirs, in the same container types; constants stay.
    a, b, c = T("a"), T("b"), T("c")
    out = rebuild([a, b, c])
    assert isinstance(out["position_embeddings"], tuple)
    assert [t.label for t in out["position_embeddings"]] == ["a", "b"]
    assert out["attention_mask"].label == "c"
    assert out["use_cache"] is False and out["past"] is None
    assert list(out) == ["position_embeddings", "attention_mask",
                         "use_cache", "past"]


def test_lists_keep_their_type_and_no_keywords_is_nothing():
    tensors, names, rebuild = _flatten_keywords({"xs": [T("p"), T("q")]},
                                                is_tensor)
    assert names == ["xs_0", "xs_1"]
    assert isinstance(rebuild([T("r"), T("s")])["xs"], list)
    tensors, names, rebuild = _flatten_keywords({}, is_tensor)
    assert tensors == [] and names == [] and rebuild([]) == {}
