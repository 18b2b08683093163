"""EVA (Hao, Zubić, He, Sui, Scaramuzza & Wang, *Maximizing Asynchronicity in Event-based Neural
Networks*, arXiv 2505.11165, ICLR 2026): the linear attention of an event-by-event encoder in
its recurrent, parallel and chunked forms, its per-event cost, event tokens, and which
hand-made event representations are exact linear-attention states.

EVA's code and method section were not seen: the abstract says events are encoded
asynchronously with linear attention and self-supervision adapted from language modelling; a
public summary (papernotes.org) names an RWKV-6 encoder and two self-supervised targets (multi-
and next-representation prediction). The recurrence here is RWKV-6's published one (arXiv
2404.05892); everything EVA-specific is our reading, said so in each claim's source.
:mod:`._wkv` holds the three forms, :mod:`._cost` the FLOP counts and their counted
references, :mod:`._events` the tokens and representations.
"""

from theory.eva._cost import layer_flops_per_event, parallel_flops, per_event_flops
from theory.eva._events import (
    count_image,
    count_image_state,
    decayed_count_image,
    decayed_count_state,
    event_ids,
    event_ids_precursor,
    random_events,
    reset_error,
    reset_state,
    time_surface,
)
from theory.eva._wkv import (
    causal_linear_attention,
    retention,
    wkv_chunked,
    wkv_parallel,
    wkv_recurrent,
)

__all__ = ["causal_linear_attention", "count_image", "count_image_state",
           "decayed_count_image", "decayed_count_state", "event_ids", "event_ids_precursor",
           "layer_flops_per_event", "parallel_flops", "per_event_flops", "random_events",
           "reset_error", "reset_state", "retention", "time_surface", "wkv_chunked",
           "wkv_parallel", "wkv_recurrent"]
