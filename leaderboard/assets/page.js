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

  function csvOf(table) {
    var q = function (s) { s = String(s).replace(/\s+/g, " ").trim(); return /[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s; };
    return Array.prototype.map.call(table.rows, function (r) {
      return Array.prototype.map.call(r.cells, function (c) { return q(c.textContent); }).join(",");
    }).join("\n") + "\n";
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

  // Disagreement browser.
  var data = JSON.parse(document.getElementById("browser-data").textContent);
  var sets = Object.keys(data.sets || {});
  var selSet = document.getElementById("br-set"), selFilter = document.getElementById("br-filter");
  var search = document.getElementById("br-search"), out = document.getElementById("br-rows");
  var count = document.getElementById("br-count"), page = 0, PAGE = 10;
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
  function filtered(name, f, q) {
    var s = data.sets[name];
    if (!s) return [];
    q = (q || "").trim().toLowerCase();
    return s.rows.filter(function (r) {
      if (!matches(r, f)) return false;
      return !q || (r.question + "\n" + r.candidate + "\n" + r.model + "\n" + r.references.join("\n")).toLowerCase().indexOf(q) >= 0;
    });
  }
  function card(r, s) {
    var c = el("div", "card");
    c.setAttribute("data-kind", r.kind);
    c.appendChild(el("div", "head", KIND[r.kind] + (r.best_wrong ? " \u00b7 best judge (" + s.best + ") wrong" : "") +
      " \u00b7 id " + r.id + " \u00b7 model " + r.model + " \u00b7 label (" + s.labels + "): " + (r.label ? "correct" : "incorrect")));
    c.appendChild(field("final answer", r.answer, "answer"));
    c.appendChild(field("question", r.question));
    c.appendChild(field("references", r.references.join("  |  ")));
    var vs = el("div", "verdicts");
    s.judges.forEach(function (j, i) {
      var v = r.v[i];
      if (!v) return;
      var cls, text;
      if (v[0] === null) { cls = "none"; text = "no verdict (" + (v[2] || "?") + ")"; }
      else { cls = (v[0] === r.label) ? "ok" : "bad"; text = v[0] ? "correct" : "incorrect"; }
      if (typeof v[1] === "number") text += ", score " + v[1].toFixed(2);
      if (v[3]) text += ", read \u201c" + (v[3].length > 100 ? v[3].slice(0, 100) + "\u2026" : v[3]) + "\u201d";
      var chip = el("span", "v " + cls, (cls === "ok" ? "\u2713 " : cls === "bad" ? "\u2717 " : "? ") + j + ": " + text);
      chip.setAttribute("data-verdict", v[0] === null ? "none" : String(v[0]));
      chip.title = cls === "ok" ? "agrees with the label" : cls === "bad" ? "disagrees with the label" : "no verdict";
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
    var rows = filtered(name, selFilter.value, search.value);
    var pages = Math.max(1, Math.ceil(rows.length / PAGE));
    page = Math.min(Math.max(page, 0), pages - 1);
    while (out.firstChild) out.removeChild(out.firstChild);
    count.textContent = rows.length + " of " + (s ? s.rows.length : 0) + " sampled rows, page " + (page + 1) + "/" + pages;
    rows.slice(page * PAGE, page * PAGE + PAGE).forEach(function (r) { out.appendChild(card(r, s)); });
  }
  if (selSet) {
    sets.forEach(function (s, i) {
      var o = document.createElement("option");
      o.value = String(i);
      o.textContent = s + " (" + data.sets[s].labels + " labels)";
      selSet.appendChild(o);
    });
    selSet.addEventListener("change", function () { page = 0; render(); });
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
    if (b.width && b.right > window.innerWidth + 1 && !e.closest(".scroll") && rep.wide.length < 8)
      rep.wide.push(e.tagName + "." + e.className + "#" + e.id + ":" + Math.round(b.right));
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
  rep.cards = 0;  // render every set's first page (the last one stays on screen)
  sets.forEach(function (name, i) { selSet.value = String(i); page = 0; render(); rep.cards += out.querySelectorAll(".card").length; });
  var svg = document.querySelector("svg.plot"), box = svg && svg.getBoundingClientRect();
  rep.plot = !!(box && box.width > 50 && box.height > 50);
  document.body.setAttribute("data-selftest", JSON.stringify(rep));
})();
