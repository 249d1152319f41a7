"""The review pages' style and script, inlined into every page (no network, no CDN).

Offsets are Unicode code points, as everywhere in phiscrub (JavaScript strings count UTF-16
units, so the script works on ``Array.from(text)``).
"""

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; max-width: 70em; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: .2em .5em; }
pre#note { white-space: pre-wrap; font-size: 1.05em; line-height: 1.7; border: 1px solid #ddd;
  padding: 1em; }
mark { padding: 0 .1em; border-radius: .2em; cursor: pointer; color: inherit; }
mark::after { content: attr(data-label); font-size: .65em; vertical-align: super;
  margin-left: .2em; color: #444; }
mark.rejected { text-decoration: line-through; opacity: .5; }
mark.false-alarm, .false-alarm { box-shadow: inset 0 -3px 0 #d33; }
mark.missed, .missed { outline: 2px dashed #33d; background: transparent; }
mark.added { outline: 2px solid #2a2; }
#menu { position: absolute; background: #fff; border: 1px solid #888; padding: .5em;
  box-shadow: 0 2px 6px #0003; }
#menu div { margin: .2em 0; }
#toolbar { margin: .5em 0; }
"""

NOTE_SCRIPT = r"""
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("data").textContent);
  const points = Array.from(data.text);
  const marks = data.marks.map((m, i) => Object.assign({ id: i,
    status: m.kind === "missed" ? "missed" : "accepted" }, m));
  const note = document.getElementById("note");
  const menu = document.getElementById("menu");
  const addLabel = document.getElementById("add-label");
  data.labels.forEach((label) => addLabel.add(new Option(label, label)));

  const known = new Set(data.labels);
  function colour(label) {
    return "lab-" + (known.has(label) && /^[A-Z-]+$/.test(label) ? label : "other");
  }

  function render() {
    const cuts = new Set([0, points.length]);
    marks.forEach((m) => { cuts.add(m.start); cuts.add(m.end); });
    const edges = Array.from(cuts).sort((a, b) => a - b);
    note.textContent = "";
    for (let k = 0; k + 1 < edges.length; k++) {
      const start = edges[k], end = edges[k + 1];
      const covering = marks.filter((m) => m.start <= start && end <= m.end);
      const piece = points.slice(start, end).join("");
      let node;
      if (covering.length === 0) {
        node = document.createElement("span");
      } else {
        const m = covering[covering.length - 1];
        node = document.createElement("mark");
        const kinds = new Set(covering.flatMap((c) => [c.kind, c.status]));
        node.className = [colour(m.label), ...kinds].join(" ");
        if (end === m.end) node.dataset.label = m.label;
        node.dataset.marks = covering.map((c) => c.id).join(",");
        node.addEventListener("click", (event) => openMenu(event, covering));
      }
      node.dataset.offset = String(start);
      node.textContent = piece;
      note.appendChild(node);
    }
  }

  function openMenu(event, covering) {
    event.stopPropagation();
    menu.textContent = "";
    covering.forEach((m) => {
      const row = document.createElement("div");
      const text = points.slice(m.start, m.end).join("");
      row.appendChild(document.createTextNode(m.label + " " + m.start + "-" + m.end + " "));
      const accept = button("accept", () => { m.status = "accepted"; done(); });
      const reject = button("reject", () => { m.status = "rejected"; done(); });
      const relabel = document.createElement("select");
      data.labels.forEach((label) =>
        relabel.add(new Option(label, label, false, label === m.label)));
      relabel.addEventListener("change", () => {
        m.label = relabel.value;
        m.status = "accepted";
        done();
      });
      row.append(accept, reject, relabel);
      row.title = text.length > 40 ? text.slice(0, 40) + "..." : text;
      menu.appendChild(row);
    });
    menu.style.left = event.pageX + "px";
    menu.style.top = event.pageY + 8 + "px";
    menu.hidden = false;
  }

  function button(name, action) {
    const b = document.createElement("button");
    b.textContent = name;
    b.addEventListener("click", action);
    return b;
  }

  function done() { menu.hidden = true; render(); }
  document.addEventListener("click", (event) => {
    if (!menu.contains(event.target)) menu.hidden = true;
  });

  function offsetOf(node, unit) {
    const holder = node.nodeType === Node.TEXT_NODE ? node.parentElement : node;
    if (!holder || holder.dataset.offset === undefined) return null;
    const before = node.nodeType === Node.TEXT_NODE ? node.textContent.slice(0, unit) : "";
    return Number(holder.dataset.offset) + Array.from(before).length;
  }

  function addSpan(start, end, label) {
    if (!(start < end) || start < 0 || end > points.length) return false;
    marks.push({ id: marks.length, start: start, end: end, label: label, kind: "added",
      status: "accepted" });
    render();
    return true;
  }

  document.getElementById("add").addEventListener("click", () => {
    const selection = window.getSelection();
    if (!selection || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    const a = offsetOf(range.startContainer, range.startOffset);
    const b = offsetOf(range.endContainer, range.endOffset);
    if (a !== null && b !== null) addSpan(Math.min(a, b), Math.max(a, b), addLabel.value);
  });

  function corrected() {
    const kept = marks.filter((m) => m.status === "accepted")
      .map((m) => ({ start: m.start, end: m.end, label: m.label, source: "review" }))
      .sort((x, y) => x.start - y.start || x.end - y.end);
    const seen = new Set();
    const spans = kept.filter((s) => {
      const key = s.start + ":" + s.end + ":" + s.label;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { doc_id: data.doc_id, text: data.text, spans: spans, metadata: data.metadata };
  }

  function jsonl() { return JSON.stringify(corrected()) + "\n"; }

  document.getElementById("download").addEventListener("click", () => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([jsonl()], { type: "application/jsonl" }));
    link.download = data.doc_id + ".reviewed.jsonl";
    link.click();
  });

  window.phiscrubReview = { marks: marks, addSpan: addSpan, jsonl: jsonl, render: render };
  render();
})();
"""
