// The little the pages do in the browser: sortable tables, printing, stepping through a replay,
// and recording a game at the table (each entry checked by POST /v1/adjudications).
(function () {
  "use strict";

  function $(sel, root) { return (root || document).querySelector(sel); }
  function $$(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }
  function csrf() { var m = $('meta[name="csrf-token"]'); return m ? m.content : ""; }

  // --- sortable tables ------------------------------------------------------------------------
  function sortable(root) { $$("table.sortable", root).forEach(sortTable); }
  function sortTable(table) {
    $$("thead th", table).forEach(function (th, col) {
      if ($("button", th)) return;
      var button = document.createElement("button");
      button.type = "button";
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener("click", function () {
        var asc = th.getAttribute("aria-sort") !== "ascending";
        $$("thead th", table).forEach(function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", asc ? "ascending" : "descending");
        var numeric = th.dataset.sort === "num";
        var rows = $$("tbody tr", table);
        rows.sort(function (a, b) {
          var x = a.children[col].textContent.trim(), y = b.children[col].textContent.trim();
          var c = numeric ? (parseFloat(x) || 0) - (parseFloat(y) || 0) : x.localeCompare(y, document.documentElement.lang);
          return asc ? c : -c;
        });
        var body = $("tbody", table);
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  }
  sortable(document);
  $$("[data-print]").forEach(function (b) { b.addEventListener("click", function () { window.print(); }); });

  // --- standings that refresh themselves (a box turns it off) -----------------------------------
  var auto = $("#auto-refresh");
  if (auto) {
    window.setInterval(function () {
      if (!auto.checked) return;
      fetch(window.location.href, { headers: { Accept: "text/html" } })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          var fresh = new DOMParser().parseFromString(html, "text/html");
          $$("[data-live]").forEach(function (el) {
            var next = fresh.getElementById(el.id);
            if (next) el.innerHTML = next.innerHTML;
          });
          sortable(document);
        });
    }, 60000);
  }

  // --- replay ---------------------------------------------------------------------------------
  var replay = $("#replay");
  if (replay) {
    var plays = $$("#steps .play");
    var at = 0;
    var nobody = $("#nobody").textContent;
    var start = $$("#start-hands [data-hand]").map(function (e) { return e.textContent; });
    var show = function (n) {
      at = Math.max(0, Math.min(plays.length, n));
      plays.forEach(function (p, i) {
        p.classList.toggle("current", i === at - 1);
        p.classList.toggle("later", i >= at);
      });
      $("#step-no").textContent = String(at);
      var step = at > 0 ? plays[at - 1] : null;
      $("#table-now").textContent = step ? step.dataset.table : "—";
      $("#out-now").textContent = step && step.dataset.out ? step.dataset.out : nobody;
      for (var s = 0; s < 5; s++) {
        var el = $("#hand-" + s);
        if (!el || !start.length) continue;
        el.textContent = step ? step.getAttribute("data-hand" + s) : start[s];
      }
      if (step) step.scrollIntoView({ block: "nearest" });
    };
    $$("[data-go]", replay).forEach(function (b) {
      b.addEventListener("click", function () {
        var go = b.dataset.go;
        show(go === "first" ? 0 : go === "last" ? plays.length : go === "back" ? at - 1 : at + 1);
      });
    });
    document.addEventListener("keydown", function (e) {
      if (e.target && /INPUT|TEXTAREA|SELECT/.test(e.target.tagName)) return;
      if (e.key === "ArrowRight") show(at + 1);
      if (e.key === "ArrowLeft") show(at - 1);
    });
    plays.forEach(function (p, i) { p.addEventListener("click", function () { show(i + 1); }); });
    show(plays.length);
  }

  // --- recording at the table -------------------------------------------------------------------
  var rec = $("#recorder");
  if (!rec) return;
  var words = $("#words").dataset;
  var state = { calls: [], plays: [], picked: [] };
  var KEY = "baohuang-recorder";
  try { var saved = JSON.parse(localStorage.getItem(KEY) || "null"); if (saved) { state.calls = saved.calls || []; state.plays = saved.plays || []; } } catch (e) { /* a fresh game */ }

  function record() {
    var doc = { ruleset: $("#r-ruleset").value, calls: state.calls, plays: state.plays };
    var first = $("#r-first").value;
    if (first !== "") doc.first_candidate = Number(first);
    var deal = $("#r-deal").value.trim();
    if (deal) {
      var hands = ["", "", "", "", ""];
      deal.split(/\n/).forEach(function (line) {
        var m = /^\s*([0-4])\s*[:：]\s*(.*)$/.exec(line);
        if (m) hands[Number(m[1])] = m[2].trim();
      });
      doc.deal = hands;
    }
    return doc;
  }

  function status(text, kind) {
    var el = $("#status");
    el.textContent = text;
    el.className = "status" + (kind ? " " + kind : "");
  }

  function render(badPlay, badCall) {
    var calls = $("#calls-log"), log = $("#plays-log");
    calls.innerHTML = ""; log.innerHTML = "";
    state.calls.forEach(function (c, i) {
      var li = document.createElement("li");
      li.textContent = words.seat + " " + c.seat + ": " + c.call + (c.card ? " " + c.card : "");
      if (i === badCall) li.className = "bad";
      calls.appendChild(li);
    });
    state.plays.forEach(function (p, i) {
      var li = document.createElement("li");
      li.textContent = p.cards ? p.cards : words.pass;
      if (i === badPlay) li.className = "bad";
      log.appendChild(li);
    });
    var counts = {};
    state.picked.forEach(function (r) { counts[r] = (counts[r] || 0) + 1; });
    $$(".count", rec).forEach(function (el) { var n = counts[el.dataset.count]; el.textContent = n ? String(n) : ""; });
    $("#p-selection").textContent = state.picked.length ? state.picked.join(" ") : "—";
    localStorage.setItem(KEY, JSON.stringify({ calls: state.calls, plays: state.plays }));
  }

  function check() {
    if (!state.calls.length && !state.plays.length) { render(); status(words.nothing); return; }
    var el = $("#status");
    el.dataset.pending = "1";
    fetch(rec.dataset.check, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(record()) })
      .then(function (r) { return r.json().then(function (body) { return { code: r.status, body: body }; }); })
      .then(function (a) {
        if (a.code !== 200) {
          var p = (a.body.errors || [])[0] || {};
          var open = p.code === "guard_unknown" || p.code === "deal_required";
          render();
          status(open ? words.ok + " " + p.detail : (p.detail || a.body.detail), open ? "" : "bad");
          return;
        }
        var v = a.body.violation;
        if (a.body.verdict === "legal") {
          render();
          status(words.over + " " + words.scores + ": " + a.body.outcome.scores.join(", "), "good");
        } else if (a.body.verdict === "incomplete") {
          render();
          status(words.ok + " " + words.seat + " " + v.state.turn + " " + words.toPlay + ".", "");
        } else {
          var m = /^\/(plays|calls)\/(\d+)/.exec(v.pointer) || [];
          render(m[1] === "plays" ? Number(m[2]) : undefined, m[1] === "calls" ? Number(m[2]) : undefined);
          status(v.code + ": " + v.message, "bad");
        }
      })
      .catch(function () { status("?", "bad"); })
      .then(function () { delete el.dataset.pending; });
  }

  $$(".rank", rec).forEach(function (b) {
    b.addEventListener("click", function () { state.picked.push(b.dataset.rank); render(); });
  });
  $("#p-play").addEventListener("click", function () {
    if (!state.picked.length) return;
    state.plays.push({ cards: state.picked.join(" ") });
    state.picked = [];
    check();
  });
  $("#p-pass").addEventListener("click", function () { state.plays.push({ pass: true }); state.picked = []; check(); });
  $("#p-undo").addEventListener("click", function () {
    if (state.picked.length) state.picked.pop();
    else if (state.plays.length) state.plays.pop();
    else state.calls.pop();
    check();
  });
  $("#p-clear").addEventListener("click", function () { state.picked = []; render(); });
  $("#c-add").addEventListener("click", function () {
    var c = { seat: Number($("#c-seat").value), call: $("#c-kind").value };
    var card = $("#c-card").value.trim();
    if (card) c.card = card;
    state.calls.push(c);
    $("#c-card").value = "";
    check();
  });
  $("#new-game").addEventListener("click", function () { state = { calls: [], plays: [], picked: [] }; check(); });

  function notation() {
    return fetch(rec.dataset.notation, {
      method: "POST", headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() }, body: JSON.stringify(record())
    }).then(function (r) { return r.text(); });
  }
  $("#download").addEventListener("click", function () {
    notation().then(function (text) {
      var a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
      a.download = "game.txt";
      document.body.appendChild(a); a.click(); a.remove();
    });
  });
  var form = $("#to-tournament");
  if (form) {
    form.addEventListener("submit", function (e) {
      if ($("#to-tournament-game").value) return;
      e.preventDefault();
      notation().then(function (text) { $("#to-tournament-game").value = text; form.submit(); });
    });
  }
  check();
})();
