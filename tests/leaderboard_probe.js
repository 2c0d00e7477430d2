// The leaderboard tests' probe (tests/leaderboard_helpers.py `with_probe` injects it after page.js
// into a copy of the page, index-probe.html). It reads the page only through its DOM and its
// browser-data JSON, drives it as a reader would (clicks, selects, resize) and writes what it found
// to body[data-selftest] as JSON.
(function () {
  "use strict";
  var each = function (list, fn) { Array.prototype.forEach.call(list, fn); };
  var $ = function (id) { return document.getElementById(id); };
  var cellValue = function (td) { var v = td.getAttribute("data-v"); return v === null ? td.textContent.trim() : v; };
  var folds = document.querySelectorAll("details.fold");

  // The page as it opens (folded on a phone); then every fold opened for the checks below.
  var rep = {page_height: document.documentElement.scrollHeight, folds: folds.length,
             folded: Array.prototype.filter.call(folds, function (d) { return !d.open; }).length};
  var picks0 = document.querySelector("table.picks");
  rep.picks_visible_folded = !!(picks0 && picks0.offsetParent);
  // Each folded section says what it holds in its summary line, on screen while folded.
  rep.fold_summaries = {};
  each(document.querySelectorAll("main > section > details.fold"), function (d) {
    if (!d.querySelector(":scope > summary > h2")) return;  // a section's own fold, not a part of one
    var line = d.querySelector(":scope > summary > .fold-sum");
    rep.fold_summaries[d.parentElement.id] = line && line.offsetParent && !d.open ? line.textContent.trim() : null;
  });
  var navLink = document.querySelector('nav a[href="#browser"]'), browserFold = document.querySelector("#browser > details.fold");
  if (navLink && browserFold) { navLink.click(); rep.nav_opens_fold = browserFold.open; }
  each(folds, function (d) { d.open = true; });
  window.dispatchEvent(new Event("resize"));  // page.js re-marks the boxes that scroll
  rep.width = document.documentElement.scrollWidth;
  rep.inner = window.innerWidth;
  rep.wide = [];
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
  var toggle = $("all-labels");
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
  // The "Which judge?" table's CSV as its button builds it: the Blob's text, caught on its way to the download.
  rep.csv_which = [];
  var box = table && (table.parentNode.classList.contains("scroll") ? table.parentNode : table);
  var csvButton = box && box.nextElementSibling, RealBlob = window.Blob;
  if (csvButton && csvButton.classList.contains("csv")) {
    window.Blob = function (parts, opts) { rep.csv_which = parts.join("").split("\n").slice(0, 2); return new RealBlob(parts, opts); };
    try { csvButton.click(); } finally { window.Blob = RealBlob; }
  }
  if (csvs.length) { csvs[0].click(); rep.csv_blob = (csvs[0].getAttribute("data-href") || "").indexOf("blob:") === 0; }

  // The disagreement browser, driven through its controls; each card read back from the screen.
  var raw = JSON.parse($("browser-data").textContent), names = Object.keys(raw.sets || {});
  var selSet = $("br-set"), selJudge = $("br-judge"), selFilter = $("br-filter"), search = $("br-search"), out = $("br-rows");
  var set = function (e, value, type) { e.value = value; e.dispatchEvent(new Event(type || "change")); };
  function readCard(c, judges) {
    var label = / correct$/.test(c.querySelector(".people").textContent), v = {};
    each(c.querySelectorAll(".verdicts .v"), function (chip) {
      var text = chip.textContent.slice(2), name = null;  // after the mark and its space
      judges.forEach(function (j) { if (text.indexOf(j + ": ") === 0 && (!name || j.length > name.length)) name = j; });
      var d = chip.getAttribute("data-verdict");
      v[name] = {verdict: d === "none" ? null : d === "true", cls: chip.classList.contains("ok") ? "ok" : chip.classList.contains("bad") ? "bad" : "none"};
    });
    return {kind: c.getAttribute("data-kind"), label: label, v: v, text: !c.querySelector(".notext"),
            head: c.querySelector(".head").textContent};
  }
  // Every row the browser lists for (set i, judge, filter): all its pages, read card by card.
  function listed(i, judge, filter) {
    set(selSet, String(i)); set(selJudge, judge || ""); set(selFilter, filter); set(search, "", "input");
    var judges = raw.sets[names[i]].judges, rows = [], pages = Number(/page 1\/(\d+)$/.exec($("br-count").textContent)[1]);
    for (var p = 0; p < pages; p++) {
      each(out.querySelectorAll(".card"), function (c) { rows.push(readCard(c, judges)); });
      $("br-next").click();
    }
    return rows;
  }
  var disagrees = function (r, j) { return !!r.v[j] && (r.v[j].verdict === true) !== r.label; };
  var bad = [], byJudge = [], nRows = 0, missing = [];
  rep.browser_rows = 0; rep.browser_texts = 0;
  if (selSet && selJudge) names.forEach(function (name, i) {
    var s = raw.sets[name], all = listed(i, "", "all"), tag = function (r) { return name + ":" + r.head; };
    rep.browser_rows += all.length;
    rep.browser_texts += all.filter(function (r) { return r.text; }).length;
    ["split", "all_wrong", "no_verdict"].forEach(function (k) {  // kinds as the build counted them
      var n = all.filter(function (r) { return r.kind === k; }).length;
      if (n !== s.counts[k]) missing.push(name + ":" + k + ":" + n + "/" + s.counts[k]);
    });
    listed(i, "", "split").forEach(function (r) {
      var given = Object.keys(r.v).map(function (j) { return r.v[j].verdict; });
      if (given.indexOf(true) < 0 || given.indexOf(false) < 0) bad.push(tag(r) + ":split");
    });
    listed(i, "", "no_verdict").forEach(function (r) {
      if (!Object.keys(r.v).some(function (j) { return r.v[j].verdict === null; })) bad.push(tag(r) + ":nv");
    });
    listed(i, "", "all_wrong").forEach(function (r) {
      if (!Object.keys(r.v).every(function (j) { return disagrees(r, j); })) bad.push(tag(r) + ":wrong");
    });
    if (s.best && listed(i, "", "split-best-wrong").some(function (r) { return r.v[s.best] && r.v[s.best].cls === "ok"; }))
      bad.push(name + ":best");
    // By judge: every listed row disagrees with people for the chosen judge, and none is missing.
    s.judges.forEach(function (j) {
      var rows = listed(i, j, "all");
      nRows += rows.length;
      rows.forEach(function (r) { if (!disagrees(r, j)) byJudge.push(tag(r) + ":" + j); });
      if (rows.length !== s.wrong[j]) missing.push(name + ":" + j + ":" + rows.length + "/" + s.wrong[j]);
    });
  });
  rep.filter_errors = bad;
  rep.by_judge_errors = byJudge;
  rep.by_judge_rows = nRows;
  rep.browser_missing = missing;
  rep.judge_card_text = "";
  if (selJudge && names.length) {
    set(selSet, "0"); set(selFilter, "all");
    var j0 = raw.sets[names[0]].judges.filter(function (j) { return raw.sets[names[0]].wrong[j]; })[0];
    if (j0) set(selJudge, j0);
    var first = out.querySelector(".card");
    rep.judge_card_text = first ? first.textContent : "";
    set(selJudge, "");
  }
  rep.cards = 0;  // every set's first page (the last one stays on screen)
  if (selSet) names.forEach(function (name, i) { set(selSet, String(i)); rep.cards += out.querySelectorAll(".card").length; });
  var svg = document.querySelector("svg.plot"), plot = svg && svg.getBoundingClientRect();
  rep.plot = !!(plot && plot.width > 50 && plot.height > 50);
  // Every visible box that scrolls sideways (scrollWidth > clientWidth), and where the picks are.
  window.scrollTo(0, 0);
  var visible = Array.prototype.filter.call(document.querySelectorAll(".scroll"), function (b) { return !!b.offsetParent; });
  rep.boxes = visible.length;
  rep.overflow = visible.filter(function (b) { return b.scrollWidth > b.clientWidth + 1; }).map(function (b) {
    var t = b.querySelector("table");
    return (t && t.getAttribute("data-name")) || b.className;
  });
  rep.cued = document.querySelectorAll(".scroll-cue").length;
  rep.vh = window.innerHeight;
  rep.picks = [];
  each(document.querySelectorAll("table.picks tbody tr"), function (r) {
    if (!r.offsetParent) return;
    var b = r.getBoundingClientRect();
    rep.picks.push({family: r.cells[0].textContent.trim(), judge: r.cells[1] ? r.cells[1].textContent.trim() : "",
                    top: Math.round(b.top + window.scrollY), bottom: Math.round(b.bottom + window.scrollY)});
  });
  var header = document.querySelector("header");
  rep.header_height = header ? Math.round(header.getBoundingClientRect().height) : 0;
  rep.totop = !!document.querySelector("a.totop[href='#top']");
  rep.page_height_open = document.documentElement.scrollHeight;
  rep.section_heights = {};
  each(document.querySelectorAll("main > section"), function (sec) { rep.section_heights[sec.id] = Math.round(sec.getBoundingClientRect().height); });
  var small = [];
  each(document.querySelectorAll("a, button, summary, select, input"), function (e) {
    if (!e.offsetParent || e.closest("p, dd, td, li, .note, .lead, .card") && e.tagName === "A") return;  // links in text are exempt (WCAG 2.5.8)
    var b = e.getBoundingClientRect();
    if (b.width && (b.height < 24 || b.width < 24) && small.length < 10) small.push(e.tagName + ":" + (e.textContent || e.id).trim().slice(0, 20) + ":" + Math.round(b.width) + "x" + Math.round(b.height));
  });
  rep.small_targets = small;
  document.body.setAttribute("data-selftest", JSON.stringify(rep));
})();
