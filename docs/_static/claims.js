// Client-side filters of the claim cards (no server): a card is shown when its verdict is
// checked and at least one of its evidence kinds is checked.
document.addEventListener("DOMContentLoaded", () => {
  const bar = document.querySelector(".claim-filters");
  if (!bar) return;
  const cards = Array.from(document.querySelectorAll(".claim-card"));
  const count = bar.querySelector(".claim-count");
  const checked = (group) => new Set(Array.from(
    bar.querySelectorAll(`input[data-filter="${group}"]:checked`)).map((i) => i.value));
  const apply = () => {
    const verdicts = checked("verdict"), kinds = checked("evidence");
    let shown = 0;
    for (const card of cards) {
      const ev = (card.dataset.evidence || "").split(" ").filter(Boolean);
      const ok = verdicts.has(card.dataset.verdict) &&
        (ev.length === 0 || ev.some((k) => kinds.has(k)));
      card.hidden = !ok;
      if (ok) shown += 1;
    }
    if (count) count.textContent = `${shown} of ${cards.length} claims shown`;
  };
  bar.addEventListener("change", apply);
  apply();
});
