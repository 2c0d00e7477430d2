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

  markScrolling();
  window.addEventListener("resize", markScrolling);
  var allLabels = document.getElementById("all-labels");
  if (allLabels) allLabels.addEventListener("change", markScrolling);

  // Disagreement browser.
  var data = JSON.parse(document.getElementById("browser-data").textContent);
  var sets = Object.keys(data.sets || {});
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
      return !q || (r.question + "\n" + r.candidate + "\n" + r.model + "\n" + r.references.join("\n")).toLowerCase().indexOf(q) >= 0;
    });
  }
  function card(r, s) {
    var c = el("div", "card");
    c.setAttribute("data-kind", r.kind);
    c.appendChild(el("div", "head", KIND[r.kind] + (r.best_wrong ? " \u00b7 best judge (" + s.best + ") wrong" : "") +
      " \u00b7 id " + r.id + " \u00b7 model " + r.model));
    c.appendChild(el("p", "people", "people (" + s.labels + " labels): " + (r.label ? "correct" : "incorrect")));
    c.appendChild(field("final answer", r.answer, "answer"));
    c.appendChild(field("question", r.question));
    c.appendChild(field("references", r.references.join("  |  ")));
    var vs = el("div", "verdicts");
    s.judges.forEach(function (j, i) {
      var v = r.v[i];
      if (!v) return;
      var cls, text, agree;
      if (v[0] === null) { cls = "none"; text = "no verdict (" + (v[2] || "?") + ")"; agree = "counts as incorrect"; }
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
    var whole = el("details");
    whole.appendChild(el("summary", null, "whole answer"));
    whole.appendChild(el("pre", null, r.candidate));
    c.appendChild(whole);
    return c;
  }
  function render() {
    if (!selSet) return;
    var name = sets[Number(selSet.value)], s = data.sets[name];
    var judge = selJudge ? selJudge.value : "";
    var rows = filtered(name, selFilter.value, search.value, judge);
    var pages = Math.max(1, Math.ceil(rows.length / PAGE));
    page = Math.min(Math.max(page, 0), pages - 1);
    while (out.firstChild) out.removeChild(out.firstChild);
    var of = judge && s && s.wrong && s.wrong[judge] !== undefined
      ? " where " + judge + " disagrees with people (of its " + s.wrong[judge] + " on this set" +
        (s.wrong[judge] > rows.length ? "; the rest are not in the page's sample" : ": every one") + ")"
      : " of " + (s ? s.rows.length : 0) + " rows in the page";
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

  // `index.html#selftest`: the browser tests' probe; its findings go to body[data-selftest] as JSON.
  if (location.hash !== "#selftest") return;
  var rep = {width: document.documentElement.scrollWidth, inner: window.innerWidth, wide: []};
  each(document.querySelectorAll("body *"), function (e) {
    var b = e.getBoundingClientRect();
    var hidden = e.closest("details:not([open])") && !e.closest("summary");  // folded: not on screen
    if (b.width && b.right > window.innerWidth + 1 && !e.closest(".scroll") && !hidden && rep.wide.length < 8)
      rep.wide.push(e.tagName + "#" + (e.id || e.getAttribute("href") || e.textContent || "").slice(0, 40) + ":" + Math.round(b.right));
  });
  function firstRows() {
    var firsts = [];
    each(document.querySelectorAll("table.which"), function (t) {
      if (!t.offsetParent) return;
      var r = t.tBodies[0].rows[0];
      firsts.push({judge: r.cells[0].textContent.trim(), rank: r.cells[1].textContent.trim(), constant: r.classList.contains("constant")});
    });
    return firsts;
  }
  rep.which = firstRows();
  var toggle = document.getElementById("all-labels");
  if (toggle) {  // the same checks with every label source switched on
    toggle.checked = true;
    rep.width_all_labels = document.documentElement.scrollWidth;
    rep.which_all_labels = firstRows();
    toggle.checked = false;
  }
  var table = document.querySelector("table.which"), th = table && table.tHead.rows[0].cells[2], ok = !!th;
  if (th) {
    ["descending", "ascending"].forEach(function (want) {
      th.querySelector("button").click();
      var vals = Array.prototype.map.call(table.tBodies[0].rows, function (r) { return parseFloat(cellValue(r.cells[2])); });
      for (var i = 1; i < vals.length; i++) if ((want === "descending" ? -1 : 1) * (vals[i] - vals[i - 1]) < 0) ok = false;
      if (th.getAttribute("aria-sort") !== want) ok = false;
    });
  }
  rep.sort = ok;
  rep.headers = document.querySelectorAll("th[aria-sort] > button.sort").length;
  rep.tables = document.querySelectorAll("table.sortable").length;
  var csvs = document.querySelectorAll("button.csv");
  rep.csv = csvs.length;
  var wt = document.querySelector("table.which");
  rep.csv_which = wt ? csvOf(wt).split("\n").slice(0, 2) : [];
  if (csvs.length) { csvs[0].click(); rep.csv_blob = (csvs[0].getAttribute("data-href") || "").indexOf("blob:") === 0; }
  var bad = [];
  sets.forEach(function (name) {
    var s = data.sets[name];
    filtered(name, "split").forEach(function (r) {
      var given = r.v.filter(function (v) { return v && v[0] !== null; }).map(function (v) { return v[0]; });
      if (given.indexOf(true) < 0 || given.indexOf(false) < 0) bad.push(name + ":" + r.id + ":split");
    });
    filtered(name, "no_verdict").forEach(function (r) {
      if (!r.v.some(function (v) { return v && v[0] === null; })) bad.push(name + ":" + r.id + ":nv");
    });
    filtered(name, "all_wrong").forEach(function (r) {
      if (!r.v.every(function (v) { return !v || (v[0] === true) !== r.label; })) bad.push(name + ":" + r.id + ":wrong");
    });
    if (s.best && filtered(name, "split-best-wrong").some(function (r) { return r.v[s.judges.indexOf(s.best)][0] === r.label; }))
      bad.push(name + ":best");
  });
  rep.filter_errors = bad;
  // The browser by judge: every listed row disagrees with people for the chosen judge, said in words.
  var byJudge = [], nRows = 0;
  sets.forEach(function (name) {
    var s = data.sets[name];
    s.judges.forEach(function (j, i) {
      filtered(name, "all", "", j).forEach(function (r) {
        nRows += 1;
        if (!judgeDisagrees(r, i)) byJudge.push(name + ":" + r.id + ":" + j);
      });
    });
  });
  rep.by_judge_errors = byJudge;
  rep.by_judge_rows = nRows;
  rep.judge_card_text = "";
  if (selJudge && sets.length) {
    selSet.value = "0"; selSet.dispatchEvent(new Event("change"));
    var s0 = data.sets[sets[0]];
    var j0 = s0.judges.filter(function (j, i) { return filtered(sets[0], "all", "", j).length; })[0];
    if (j0) { selJudge.value = j0; selJudge.dispatchEvent(new Event("change")); }
    var first = out.querySelector(".card");
    rep.judge_card_text = first ? first.textContent : "";
    selJudge.value = ""; selJudge.dispatchEvent(new Event("change"));
  }
  rep.cards = 0;  // render every set's first page (the last one stays on screen)
  sets.forEach(function (name, i) { selSet.value = String(i); page = 0; render(); rep.cards += out.querySelectorAll(".card").length; });
  var svg = document.querySelector("svg.plot"), box = svg && svg.getBoundingClientRect();
  rep.plot = !!(box && box.width > 50 && box.height > 50);
  // Every visible box that scrolls sideways (scrollWidth > clientWidth), and where the picks are.
  function overflowing() {
    var out = [];
    each(document.querySelectorAll(".scroll"), function (box) {
      if (box.offsetParent && box.scrollWidth > box.clientWidth + 1) {
        var t = box.querySelector("table");
        out.push((t && t.getAttribute("data-name")) || box.className);
      }
    });
    return out;
  }
  window.scrollTo(0, 0);
  rep.boxes = Array.prototype.filter.call(document.querySelectorAll(".scroll"), function (b) { return !!b.offsetParent; }).length;
  rep.overflow = overflowing();
  rep.cued = document.querySelectorAll(".scroll-cue").length;
  rep.vh = window.innerHeight;
  rep.picks = [];
  each(document.querySelectorAll("table.picks tbody tr"), function (r) {
    if (!r.offsetParent) return;
    var b = r.getBoundingClientRect();
    rep.picks.push({family: r.cells[0].textContent.trim(), judge: r.cells[1] ? r.cells[1].textContent.trim() : "",
                    top: Math.round(b.top + window.scrollY), bottom: Math.round(b.bottom + window.scrollY)});
  });
  var nav = document.querySelector("header");
  rep.header_height = nav ? Math.round(nav.getBoundingClientRect().height) : 0;
  rep.totop = !!document.querySelector("a.totop[href='#top']");
  rep.page_height = document.documentElement.scrollHeight;
  var small = [];
  each(document.querySelectorAll("a, button, summary, select, input"), function (e) {
    if (!e.offsetParent || e.closest("p, dd, td, li, .note, .lead, .card") && e.tagName === "A") return;  // links in text are exempt (WCAG 2.5.8)
    var b = e.getBoundingClientRect();
    if (b.width && (b.height < 24 || b.width < 24) && small.length < 10) small.push(e.tagName + ":" + (e.textContent || e.id).trim().slice(0, 20) + ":" + Math.round(b.width) + "x" + Math.round(b.height));
  });
  rep.small_targets = small;
  document.body.setAttribute("data-selftest", JSON.stringify(rep));
})();
