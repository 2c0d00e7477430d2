// Leaderboard page behaviour. Data is read from a JSON script element and only ever
// inserted with textContent / createElement: model outputs are never parsed as HTML.
(function () {
  "use strict";
  var each = function (list, fn) { Array.prototype.forEach.call(list, fn); };

  function cellValue(td) {
    var v = td.getAttribute("data-v");
    return v === null ? td.textContent.trim() : v;
  }

  // Sortable tables: every header becomes a button (reachable by Tab, Enter/Space sorts).
  function sortTable(table, col, type, th) {
    var tbody = table.tBodies[0];
    var rows = Array.prototype.slice.call(tbody.rows);
    var now = th.getAttribute("aria-sort");
    var dir = now === "descending" ? 1 : now === "ascending" ? -1 : (type === "text" ? 1 : -1);
    rows.sort(function (a, b) {
      var x = cellValue(a.cells[col] || a), y = cellValue(b.cells[col] || b);
      if (type === "num") {
        var fx = parseFloat(x), fy = parseFloat(y), nx = isNaN(fx), ny = isNaN(fy);
        if (nx || ny) return nx === ny ? 0 : (nx ? 1 : -1);  // empty cells last
        return dir * (fx - fy);
      }
      return dir * x.localeCompare(y);
    });
    each(th.parentNode.children, function (h) { h.setAttribute("aria-sort", "none"); });
    th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
    rows.forEach(function (r) { tbody.appendChild(r); });
  }

  // CSV: one value per column. A cell's data-v (the number behind "0.57 [0.50, 0.63]") stands
  // for it; an interval in data-ci="lo,hi" gets two columns of its own.
  function csvOf(table) {
    var q = function (s) {
      s = String(s).replace(/\s+/g, " ").trim();
      if (/^[=+\-@\t\r]/.test(s) && isNaN(Number(s))) s = "'" + s;  // never a spreadsheet formula
      return /[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
    };
    var body = Array.prototype.slice.call(table.tBodies[0] ? table.tBodies[0].rows : []);
    var head = table.tHead ? table.tHead.rows[table.tHead.rows.length - 1] : null;
    var ci = {};
    body.forEach(function (r) { each(r.cells, function (c, i) { if (c.getAttribute("data-ci")) ci[i] = true; }); });
    var lines = [];
    if (head) {
      var hs = [];
      each(head.cells, function (c, i) {
        var name = c.textContent.replace(/\[95% CI\]/, "").trim();
        hs.push(q(name));
        if (ci[i]) { hs.push(q(name + " 95% low")); hs.push(q(name + " 95% high")); }
      });
      lines.push(hs.join(","));
    }
    body.forEach(function (r) {
      var cs = [];
      each(r.cells, function (c, i) {
        var v = c.getAttribute("data-v");
        cs.push(q(v === null || v === "" ? c.textContent : v));
        if (ci[i]) {
          var pair = (c.getAttribute("data-ci") || ",").split(",");
          cs.push(q(pair[0] || "")); cs.push(q(pair[1] || ""));
        }
      });
      lines.push(cs.join(","));
    });
    return lines.join("\n") + "\n";
  }

  // A box that still scrolls sideways says so (phones): a cue above it, kept in step with the width.
  function markScrolling() {
    each(document.querySelectorAll(".scroll"), function (box) {
      var wide = box.scrollWidth > box.clientWidth + 1;
      box.classList.toggle("overflows", wide);
      var cue = box.previousElementSibling;
      var has = cue && cue.classList.contains("scroll-cue");
      if (wide && !has) {
        cue = document.createElement("p");
        cue.className = "scroll-cue";
        cue.textContent = "\u2194 this table scrolls sideways";
        box.parentNode.insertBefore(cue, box);
      } else if (!wide && has) {
        cue.parentNode.removeChild(cue);
      }
    });
  }

  each(document.querySelectorAll("table.sortable"), function (table) {
    var ths = table.tHead ? table.tHead.rows[0].cells : [];
    each(ths, function (th, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "sort";
      while (th.firstChild) b.appendChild(th.firstChild);
      th.appendChild(b);
      th.setAttribute("aria-sort", "none");
      b.addEventListener("click", function () { sortTable(table, i, th.getAttribute("data-type") || "text", th); });
    });
    var csv = document.createElement("button");
    csv.type = "button";
    csv.className = "csv";
    csv.textContent = "CSV";
    csv.title = "download this table as CSV";
    csv.addEventListener("click", function () {
      var a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([csvOf(table)], {type: "text/csv"}));
      a.download = (table.getAttribute("data-name") || "table") + ".csv";
      document.body.appendChild(a);
      a.click();
      csv.setAttribute("data-href", a.href);
      document.body.removeChild(a);
    });
    var box = table.parentNode.classList.contains("scroll") ? table.parentNode : table;
    box.parentNode.insertBefore(csv, box.nextSibling);
  });

  // Phones: the long parts (each section below the picks, the cards, the per-family tables) fold
  // to their headings. They are open in the HTML, so nothing needs this script to be read.
  var folds = document.querySelectorAll("details.fold");
  var narrow = window.matchMedia ? window.matchMedia("(max-width: 600px)").matches : false;
  if (narrow) each(folds, function (d) { d.open = false; });
  // A link to something inside a fold opens the fold first (the section list, the picks' links).
  function reveal(id) {
    var t = id && document.getElementById(id);
    if (!t) return;
    for (var e = t; e; e = e.parentElement) if (e.tagName === "DETAILS") e.open = true;
    var inner = t.querySelector("details.fold");
    if (inner && inner.parentElement === t) inner.open = true;
  }
  each(document.querySelectorAll('a[href^="#"]'), function (a) {
    a.addEventListener("click", function () { reveal(a.getAttribute("href").slice(1)); });
  });
  window.addEventListener("hashchange", function () { reveal(location.hash.slice(1)); });
  if (location.hash) {
    var target = document.getElementById(location.hash.slice(1));
    reveal(location.hash.slice(1));
    if (target) target.scrollIntoView();
  }

  markScrolling();
  window.addEventListener("resize", markScrolling);
  var allLabels = document.getElementById("all-labels");
  if (allLabels) allLabels.addEventListener("change", markScrolling);

  // Disagreement browser. The page's data (leaderboard/sections/browser.py): a shared string
  // table; per set every listed row's model and label ("ml") and every judge's verdict in two
  // bits ("v", three to a character of ALPHABET); texts ("t") for the rows that have them here.
  var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", DIGIT = {};
  for (var a = 0; a < ALPHABET.length; a++) DIGIT[ALPHABET.charAt(a)] = a;
  var KIND_ORDER = {split: 0, all_wrong: 1, no_verdict: 2};
  function classify(v, label, best) {  // as suite/analysis/disagreements.py's classify
    var seen = {}, given = 0, judged = 0, wrong = 0, none = false;
    v.forEach(function (x) {
      if (!x) return;
      judged += 1;
      if ((x[0] === true) !== label) wrong += 1;
      if (x[0] === null) none = true;
      else if (!seen[x[0]]) { seen[x[0]] = true; given += 1; }
    });
    var bw = best >= 0 && !!v[best] && (v[best][0] === true) !== label;
    return {kind: given > 1 ? "split" : judged && wrong === judged ? "all_wrong" : none ? "no_verdict" : null, best_wrong: bw};
  }
  function decodeSet(s, strings) {
    var J = s.judges.length, texts = {}, rows = [], best = s.best ? s.judges.indexOf(s.best) : -1;
    var str = function (i) { return i === null || i === undefined ? null : strings[i]; };
    (s.t || []).forEach(function (t) { texts[t[0]] = t; });
    for (var i = 0; i < s.n; i++) {
      var ml = 0, v = [];
      for (var k = 0; k < s.mlw; k++) ml += DIGIT[s.ml.charAt(i * s.mlw + k)] * Math.pow(64, k);
      for (var j = 0; j < J; j++) {
        var bit = i * J + j, code = (DIGIT[s.v.charAt(Math.floor(bit / 3))] >> (2 * (bit % 3))) & 3;
        v.push(code === 0 ? null : [code === 1 ? true : code === 2 ? false : null, null, null, null]);
      }
      var t = texts[i], label = ml % 2 === 1;
      if (t) t[5].forEach(function (d) { if (v[d[0]]) { v[d[0]][2] = str(d[1]); v[d[0]][3] = str(d[2]); } });
      var c = classify(v, label, best);
      rows.push({pos: s.pos ? s.pos[i] : i, id: t ? t[1] : null, model: s.models[Math.floor(ml / 2)], label: label,
                 kind: c.kind, best_wrong: c.best_wrong, no_verdict: v.some(function (x) { return x && x[0] === null; }),
                 v: v, text: !!t, question: t ? str(t[2]) : "", answer: t ? str(t[3]) : "",
                 references: t ? t[4].map(str) : [], candidate: t ? str(t[6]) : null});
    }
    rows.sort(function (x, y) {
      return (KIND_ORDER[x.kind] - KIND_ORDER[y.kind]) || (y.best_wrong - x.best_wrong) || (y.text - x.text) || (x.pos - y.pos);
    });
    return {labels: s.labels, judges: s.judges, best: s.best, wrong: s.wrong, counts: s.counts, rows: rows};
  }
  var raw = JSON.parse(document.getElementById("browser-data").textContent), data = {sets: {}};
  Object.keys(raw.sets || {}).forEach(function (name) { data.sets[name] = decodeSet(raw.sets[name], raw.strings); });
  var sets = Object.keys(data.sets);
  var selSet = document.getElementById("br-set"), selFilter = document.getElementById("br-filter");
  var search = document.getElementById("br-search"), out = document.getElementById("br-rows");
  var count = document.getElementById("br-count"), page = 0, PAGE = 10;
  var selJudge = document.getElementById("br-judge");
  var KIND = {split: "judges split", all_wrong: "all judges wrong", no_verdict: "no verdict"};

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function field(name, value, cls) {
    var d = el("div", "field" + (cls ? " " + cls : ""));
    d.appendChild(el("b", null, name));
    d.appendChild(el("pre", null, value));
    return d;
  }
  function matches(r, f) {
    if (f === "split") return r.kind === "split";
    if (f === "split-best-wrong") return r.kind === "split" && r.best_wrong;
    if (f === "all_wrong") return r.kind === "all_wrong";
    if (f === "no_verdict") return r.no_verdict;
    return true;
  }
  // Where judge `j` (its index in the set) disagrees with people: its verdict differs from the
  // label, a no-verdict included (it counts as "incorrect").
  function judgeDisagrees(r, j) {
    var v = r.v[j];
    return !!v && (v[0] === true) !== r.label;
  }
  function filtered(name, f, q, judge) {
    var s = data.sets[name];
    if (!s) return [];
    q = (q || "").trim().toLowerCase();
    var j = judge ? s.judges.indexOf(judge) : -1;
    return s.rows.filter(function (r) {
      if (j >= 0 && !judgeDisagrees(r, j)) return false;
      if (!matches(r, f)) return false;
      return !q || [r.question, r.answer, r.candidate || "", r.model, r.id || ""].concat(r.references).join("\n").toLowerCase().indexOf(q) >= 0;
    });
  }
  function card(r, s) {
    var c = el("div", "card");
    c.setAttribute("data-kind", r.kind);
    c.appendChild(el("div", "head", KIND[r.kind] + (r.best_wrong ? " \u00b7 best judge (" + s.best + ") wrong" : "") +
      " \u00b7 row " + (r.pos + 1) + (r.id ? " \u00b7 id " + r.id : "") + " \u00b7 model " + r.model));
    c.appendChild(el("p", "people", "people (" + s.labels + " labels): " + (r.label ? "correct" : "incorrect")));
    if (r.text) {
      c.appendChild(field("final answer", r.answer, "answer"));
      c.appendChild(field("question", r.question));
      c.appendChild(field("references", r.references.join("  |  ")));
    } else {
      var note = el("p", "notext", "Its question and answer did not fit in the page: ");
      var link = el("a", null, raw.sidecar || "the sidecar file");
      if (raw.sidecar) { link.href = raw.sidecar; link.setAttribute("download", ""); }
      note.appendChild(link);
      note.appendChild(document.createTextNode(" beside it has them (set " + currentName() + ", row " + (r.pos + 1) + ")."));
      c.appendChild(note);
    }
    var vs = el("div", "verdicts");
    s.judges.forEach(function (j, i) {
      var v = r.v[i];
      if (!v) return;
      var cls, text, agree;
      if (v[0] === null) { cls = "none"; text = "no verdict" + (v[2] ? " (" + v[2] + ")" : ""); agree = "counts as incorrect"; }
      else {
        cls = (v[0] === r.label) ? "ok" : "bad"; text = v[0] ? "correct" : "incorrect";
        agree = cls === "ok" ? "agrees with people" : "people: " + (r.label ? "correct" : "incorrect");
      }
      if (typeof v[1] === "number") text += ", score " + v[1].toFixed(2);
      if (v[3]) text += ", read \u201c" + (v[3].length > 100 ? v[3].slice(0, 100) + "\u2026" : v[3]) + "\u201d";
      var chip = el("span", "v " + cls, (cls === "ok" ? "\u2713 " : cls === "bad" ? "\u2717 " : "? ") + j + ": " + text + " \u2014 " + agree);
      chip.setAttribute("data-verdict", v[0] === null ? "none" : String(v[0]));
      vs.appendChild(chip);
    });
    c.appendChild(vs);
    if (r.candidate !== null) {
      var whole = el("details");
      whole.appendChild(el("summary", null, "whole answer"));
      whole.appendChild(el("pre", null, r.candidate));
      c.appendChild(whole);
    }
    return c;
  }
  function currentName() { return sets[Number(selSet.value)] || ""; }
  function render() {
    if (!selSet) return;
    var name = sets[Number(selSet.value)], s = data.sets[name];
    var judge = selJudge ? selJudge.value : "";
    var rows = filtered(name, selFilter.value, search.value, judge);
    var pages = Math.max(1, Math.ceil(rows.length / PAGE));
    page = Math.min(Math.max(page, 0), pages - 1);
    while (out.firstChild) out.removeChild(out.firstChild);
    var narrowed = selFilter.value !== "all" || search.value.trim();
    var of = judge && s && s.wrong && s.wrong[judge] !== undefined
      ? " where " + judge + " disagrees with people" + (narrowed ? " (of its " + s.wrong[judge] + " on this set)" : " (every one on this set)")
      : " of " + (s ? s.rows.length : 0) + " listed rows";
    count.textContent = rows.length + " rows" + of + ", page " + (page + 1) + "/" + pages;
    rows.slice(page * PAGE, page * PAGE + PAGE).forEach(function (r) { out.appendChild(card(r, s)); });
  }
  if (selSet) {
    sets.forEach(function (s, i) {
      var o = document.createElement("option");
      o.value = String(i);
      o.textContent = s + " (" + data.sets[s].labels + " labels)";
      selSet.appendChild(o);
    });
    var fillJudges = function () {
      if (!selJudge) return;
      var s = data.sets[sets[Number(selSet.value)]], keep = selJudge.value;
      while (selJudge.firstChild) selJudge.removeChild(selJudge.firstChild);
      var any = document.createElement("option");
      any.value = ""; any.textContent = "any judge";
      selJudge.appendChild(any);
      (s ? s.judges : []).forEach(function (j) {
        var o = document.createElement("option");
        o.value = j; o.textContent = j;
        selJudge.appendChild(o);
      });
      selJudge.value = s && s.judges.indexOf(keep) >= 0 ? keep : "";
    };
    fillJudges();
    selSet.addEventListener("change", function () { page = 0; fillJudges(); render(); });
    if (selJudge) selJudge.addEventListener("change", function () { page = 0; render(); });
    selFilter.addEventListener("change", function () { page = 0; render(); });
    search.addEventListener("input", function () { page = 0; render(); });
    document.getElementById("br-prev").addEventListener("click", function () { page -= 1; render(); });
    document.getElementById("br-next").addEventListener("click", function () { page += 1; render(); });
    render();
  }
})();
