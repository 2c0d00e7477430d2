// Leaderboard page behaviour. Data is read from a JSON script element and only ever
// inserted with textContent / createElement: model outputs are never parsed as HTML.
(function () {
  "use strict";

  function cellValue(td) {
    var v = td.getAttribute("data-v");
    return v === null ? td.textContent.trim() : v;
  }

  function sortTable(table, col, type, th) {
    var tbody = table.tBodies[0];
    var rows = Array.prototype.slice.call(tbody.rows);
    var dir = th.getAttribute("aria-sort") === "descending" ? 1 : -1;
    if (th.getAttribute("aria-sort") === null && type === "text") dir = 1;
    rows.sort(function (a, b) {
      var x = cellValue(a.cells[col] || a), y = cellValue(b.cells[col] || b);
      if (type === "num") {
        var fx = parseFloat(x), fy = parseFloat(y);
        var nx = isNaN(fx), ny = isNaN(fy);
        if (nx || ny) return nx === ny ? 0 : (nx ? 1 : -1);  // empty cells last
        return dir * (fx - fy);
      }
      return dir * x.localeCompare(y);
    });
    Array.prototype.forEach.call(th.parentNode.children, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
    rows.forEach(function (r) { tbody.appendChild(r); });
  }

  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    var ths = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(ths, function (th, i) {
      th.addEventListener("click", function () { sortTable(table, i, th.getAttribute("data-type") || "text", th); });
    });
  });

  function toggleGroup(selector, attrs) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), function (el) {
      var show = Object.keys(attrs).every(function (k) { return el.getAttribute(k) === attrs[k]; });
      el.hidden = !show;
    });
  }

  var distSet = document.getElementById("dist-set"), distJudge = document.getElementById("dist-judge");
  function showDist() { toggleGroup("div.dist", {"data-set": distSet.value, "data-judge": distJudge.value}); }
  if (distSet && distJudge) { distSet.addEventListener("change", showDist); distJudge.addEventListener("change", showDist); showDist(); }
  var bordaJudge = document.getElementById("borda-judge");
  function showBorda() { toggleGroup("div.borda", {"data-judge": bordaJudge.value}); }
  if (bordaJudge) { bordaJudge.addEventListener("change", showBorda); showBorda(); }

  // Disagreement browser.
  var dataEl = document.getElementById("browser-data");
  if (!dataEl) return;
  var data = JSON.parse(dataEl.textContent);
  var sets = Object.keys(data.sets || {});
  var selSet = document.getElementById("br-set"), selFilter = document.getElementById("br-filter");
  var search = document.getElementById("br-search"), out = document.getElementById("br-rows");
  var count = document.getElementById("br-count"), page = 0, PAGE = 20;
  sets.forEach(function (s, i) {
    var o = document.createElement("option");
    o.value = String(i);
    o.textContent = s + " (" + data.sets[s].total + " rows)";
    selSet.appendChild(o);
  });

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function field(name, value, pre) {
    var d = el("div", "field");
    d.appendChild(el("b", null, name));
    d.appendChild(pre ? el("pre", null, value) : el("span", null, value));
    return d;
  }

  function filtered() {
    var s = data.sets[sets[Number(selSet.value)]];
    if (!s) return [];
    var q = search.value.trim().toLowerCase(), f = selFilter.value;
    return s.rows.filter(function (r) {
      if (f === "split" && !r.judges_split) return false;
      if (f === "against" && r.against_label !== Object.keys(r.verdicts).length) return false;
      if (!q) return true;
      return (r.question + "\n" + r.candidate + "\n" + r.model + "\n" + r.references.join("\n")).toLowerCase().indexOf(q) >= 0;
    });
  }

  function render() {
    var s = data.sets[sets[Number(selSet.value)]];
    var rows = filtered();
    var pages = Math.max(1, Math.ceil(rows.length / PAGE));
    page = Math.min(Math.max(page, 0), pages - 1);
    while (out.firstChild) out.removeChild(out.firstChild);
    count.textContent = rows.length + " of " + (s ? s.shown : 0) + " listed (" + (s ? s.total : 0) +
      " disagreeing rows in the set), page " + (page + 1) + "/" + pages;
    rows.slice(page * PAGE, page * PAGE + PAGE).forEach(function (r) {
      var card = el("div", "card");
      card.appendChild(el("div", "head", "id " + r.id + " · model " + r.model + " · label: " + (r.label ? "correct" : "incorrect")));
      card.appendChild(field("question", r.question, true));
      card.appendChild(field("references", r.references.join("  |  "), true));
      card.appendChild(field("candidate", r.candidate, true));
      var vs = el("div", "verdicts");
      Object.keys(r.verdicts).forEach(function (j) {
        var v = r.verdicts[j], cls, text;
        if (v.correct === null || v.correct === undefined) { cls = "none"; text = "no verdict (" + (v.reason || "?") + ")"; }
        else { cls = (v.correct === r.label) ? "ok" : "bad"; text = v.correct ? "correct" : "incorrect"; }
        if (typeof v.score === "number") text += ", score " + v.score.toFixed(2);
        if (v.extracted) {
          var ex = String(v.extracted);
          text += ", read \u201c" + (ex.length > 120 ? ex.slice(0, 120) + "\u2026" : ex) + "\u201d";
        }
        var mark = cls === "ok" ? "\u2713 " : cls === "bad" ? "\u2717 " : "? ";
        var chip = el("span", "v " + cls, mark + j + ": " + text);
        chip.title = cls === "ok" ? "agrees with the label" : cls === "bad" ? "disagrees with the label" : "no verdict";
        vs.appendChild(chip);
      });
      card.appendChild(vs);
      out.appendChild(card);
    });
  }
  selSet.addEventListener("change", function () { page = 0; render(); });
  selFilter.addEventListener("change", function () { page = 0; render(); });
  search.addEventListener("input", function () { page = 0; render(); });
  document.getElementById("br-prev").addEventListener("click", function () { page -= 1; render(); });
  document.getElementById("br-next").addEventListener("click", function () { page += 1; render(); });
  render();

  // `index.html#selftest`: the browser test's probe. Sorts the first table both ways, checks a
  // plot has a visible size and the browser rendered cards; the outcome goes in body[data-selftest].
  if (location.hash === "#selftest") {
    var report = [];
    var table = document.getElementById("matrix");
    var th = table && table.tHead.rows[0].cells[2];
    if (th) {
      var col = 2, ok = true;
      [-1, 1].forEach(function (want) {
        th.click();
        var vals = Array.prototype.map.call(table.tBodies[0].rows, function (r) { return parseFloat(cellValue(r.cells[col])); })
          .filter(function (v) { return !isNaN(v); });
        for (var i = 1; i < vals.length; i++) if (want * (vals[i] - vals[i - 1]) < 0) ok = false;
      });
      report.push("sort:" + (ok ? "ok" : "bad"));
    }
    var svg = document.querySelector("svg.plot"), box = svg && svg.getBoundingClientRect();
    report.push("plot:" + (box && box.width > 50 && box.height > 50 && svg.querySelector("circle") ? "ok" : "bad"));
    report.push("cards:" + out.querySelectorAll(".card").length);
    document.body.setAttribute("data-selftest", report.join(" "));
  }
})();
