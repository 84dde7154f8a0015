// The little the pages do in the browser: sortable tables, printing, drafts kept while typing,
// confirmations, stepping through a replay, and recording a game at the table (each entry
// checked by the referee: POST /record/check answers in the page's language).
(function () {
  "use strict";

  function $(sel, root) { return (root || document).querySelector(sel); }
  function $$(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }
  function csrf() { var m = $('meta[name="csrf-token"]'); return m ? m.content : ""; }
  // A page of this site asked for again (revalidated with its ETag, if it has one) and handed
  // to ``use`` parsed; a failed request or an error answer changes nothing.
  function freshPage(url, use) {
    fetch(url, { cache: "no-cache", headers: { Accept: "text/html" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html) use(new DOMParser().parseFromString(html, "text/html")); })
      .catch(function () {});
  }
  function store() { try { return window.localStorage; } catch (e) { return null; } }

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
  // a link to a folded part of the page (a confirmed deal: #deal-3) opens it
  var unfold = function () {
    var target = location.hash.length > 1 && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target && target.tagName === "DETAILS") target.open = true;
  };
  unfold();
  window.addEventListener("hashchange", unfold);
  $$("[data-print]").forEach(function (b) { b.addEventListener("click", function () { window.print(); }); });

  // --- nothing typed is lost: a textarea with data-draft is kept while it is typed, and comes
  // back after a reload or a change of language; a form sent and answered clears its draft. ---
  var drafts = store();
  $$("textarea[data-draft]").forEach(function (area) {
    var key = "baohuang-draft-" + area.dataset.draft;
    if (!drafts) return;
    if (area.hasAttribute("data-draft-clear")) drafts.removeItem(key);  // it was stored: nothing left to keep
    var kept = drafts.getItem(key);
    if (kept !== null && !area.value.trim()) area.value = kept;
    else if (area.value.trim()) drafts.setItem(key, area.value);  // what the page shows is what was typed
    area.addEventListener("input", function () { drafts.setItem(key, area.value); });
  });

  // --- a whole form kept while it is filled in (data-draft-form): every field but the CSRF token,
  // the nonce too, so that a form sent again after a dropped connection is the same request and
  // stores one deal. A form the server filled again (a refusal) shows what it was sent. ---------
  $$("form[data-draft-form]").forEach(function (form) {
    var key = "baohuang-form-" + form.dataset.draftForm;
    if (!drafts) return;
    if (form.hasAttribute("data-draft-clear")) {
      drafts.removeItem(key);  // it was stored: start afresh, and a reload keeps what is typed next
      try {
        var here = new URL(window.location.href);
        here.searchParams.delete("stored");
        window.history.replaceState(null, "", here.pathname + here.search + here.hash);
      } catch (e) { /* an old browser keeps the address */ }
    }
    var fields = function () { return $$("input[name], select[name], textarea[name]", form).filter(function (el) { return el.name !== "csrf_token"; }); };
    var save = function () {
      var kept = {};
      fields().forEach(function (el) {
        if (el.type === "radio") { if (el.checked) kept[el.name] = el.value; }
        else if (el.type === "checkbox") kept[el.name] = el.checked ? "on" : "";
        else kept[el.name] = el.value;
      });
      drafts.setItem(key, JSON.stringify(kept));
    };
    var refused = $(".field-error", form);
    var raw = drafts.getItem(key);
    if (raw && !refused) {
      var kept = {};
      try { kept = JSON.parse(raw) || {}; } catch (e) { kept = {}; }
      fields().forEach(function (el) {
        if (!(el.name in kept)) return;
        if (el.type === "radio") el.checked = el.value === kept[el.name];
        else if (el.type === "checkbox") el.checked = kept[el.name] === "on";
        else el.value = kept[el.name];
      });
    }
    save();
    form.addEventListener("input", save);
    form.addEventListener("change", save);
  });

  // --- one tap, one request: a form with data-once is sent once (its buttons wait) ------------
  $$("form[data-once]").forEach(function (form) {
    form.addEventListener("submit", function (e) {
      if (form.dataset.sent) { e.preventDefault(); return; }
      form.dataset.sent = "1";
      $$("button", form).forEach(function (b) { b.setAttribute("aria-disabled", "true"); });
    });
  });

  // --- the round's board fills in by itself: it asks again every few seconds (an unchanged
  // board answers 304, from its ETag) and says how long each table has been silent ------------
  var board = $("[data-board-poll]");
  if (board) {
    var every = Math.max(1, parseInt(board.dataset.boardPoll, 10) || 3) * 1000;
    var live = $("#board-live-on");
    var silent = function () {
      var root = $("#board-live");
      $$("[data-last]", root).forEach(function (cell) {
        if (!cell.dataset.last) return;
        var s = Math.max(0, Math.floor((Date.now() - Date.parse(cell.dataset.last)) / 1000));
        var time = s >= 60 ? root.dataset.minutes.replace("%(n)s", Math.floor(s / 60)) : root.dataset.seconds.replace("%(n)s", s);
        cell.textContent = root.dataset.silent.replace("%(time)s", time);
      });
    };
    var ask = function () {
      if (live && !live.checked) return;
      freshPage(window.location.pathname, function (page) {
        var fresh = page.getElementById("board-live");
        var now = $("#board-live");
        if (fresh && now && fresh.dataset.version !== now.dataset.version) {
          now.innerHTML = fresh.innerHTML;
          now.dataset.version = fresh.dataset.version;
        }
        silent();
      });
    };
    window.setInterval(ask, every);
    window.setInterval(silent, 1000);
  }

  // --- a refused form: its first problem in view, its field ready to type in ---------------------
  var problem = $(".field-error");
  if (problem) {
    problem.scrollIntoView({ block: "center" });
    var field = problem.parentElement && $("input:not([type=hidden]), select, textarea", problem.parentElement);
    if (field) field.focus({ preventScroll: true });
  }
  // A typed game refused at a place (data-error-line/-column): that entry selected in its box
  // and the box scrolled to it, so that on a phone the mistake is not a hunt through 45 lines.
  $$("textarea[data-error-line]").forEach(function (box) {
    var lines = box.value.split("\n"), n = +box.dataset.errorLine, col = +box.dataset.errorColumn || 1;
    if (!(n >= 1 && n <= lines.length)) return;
    var lineStart = 0;
    for (var i = 0; i < n - 1; i++) lineStart += lines[i].length + 1;
    var row = lines[n - 1], comma = row.indexOf(",", col - 1);
    var start = lineStart + Math.min(col - 1, row.length);
    var end = lineStart + (comma < 0 ? row.length : comma);
    box.focus({ preventScroll: true });
    box.setSelectionRange(start, Math.max(end, start + 1));
    var lineHeight = parseFloat(getComputedStyle(box).lineHeight) || 20;
    box.scrollTop = Math.max(0, (n - 3) * lineHeight);
    box.scrollIntoView({ block: "center" });
  });

  // --- asking first: a form or button with data-confirm goes on only if the person says yes ----
  // (asked of the document: a form the live board put in the page since it loaded asks too)
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (form && form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  }, true);

  // --- standings that refresh themselves (a box turns it off) -----------------------------------
  var auto = $("#auto-refresh");
  if (auto) {
    window.setInterval(function () {
      if (!auto.checked) return;
      freshPage(window.location.href, function (fresh) {
        $$("[data-live]").forEach(function (el) {
          var next = fresh.getElementById(el.id);
          if (next) el.innerHTML = next.innerHTML;
        });
        sortable(document);
      });
    }, 60000);
  }

  // --- an embedded replay given its game in the URL's fragment: posted to the page itself ----------
  var fragmentForm = $("#embed-form[data-fragment]");
  if (fragmentForm && location.hash.length > 1) {
    try { $("#embed-game").value = decodeURIComponent(location.hash.slice(1)); fragmentForm.submit(); } catch (e) { /* not URL-encoded: the form stays for the reader */ }
  }

  // --- replay: opens at the start; the board stays in view; arrow keys step --------------------
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
      if (e.key === "ArrowRight") { e.preventDefault(); show(at + 1); }
      if (e.key === "ArrowLeft") { e.preventDefault(); show(at - 1); }
    });
    plays.forEach(function (p, i) { p.addEventListener("click", function () { show(i + 1); }); });
    show(0);
  }

  // --- a deal by taps (the table's page): the names in finishing order, the roles as toggles on
  // the names. The drop-downs stay the form (a draft, a refusal and a reload fill them; the taps
  // are drawn from them), and the scores are asked of POST /v1/scores before the deal is sent. --
  var tap = $("#tap");
  if (tap) {
    var sheetForm = tap.closest("form"), say = JSON.parse(tap.dataset.say || "{}");
    var selects = $(".sheet-selects", sheetForm);
    var field = function (id) { return $("#t-" + id, sheetForm); };
    var box = function (name) { return $("input[name='" + name + "']", sheetForm); };
    var order = function () {
      var seats = [];
      for (var i = 0; i < 5; i++) { var v = field("place" + i).value; if (v !== "") seats.push(+v); }
      return seats;
    };
    var setOrder = function (seats) {
      if (seats.length === 4) {  // the last place is whoever is left
        for (var s = 0; s < 5; s++) if (seats.indexOf(s) < 0) { seats.push(s); break; }
      }
      for (var i = 0; i < 5; i++) field("place" + i).value = i < seats.length ? String(seats[i]) : "";
    };
    var previewAsked = 0;
    var draw = function () {
      var seats = order();
      $$(".tap-player", tap).forEach(function (li) {
        var seat = +li.dataset.seat, at = seats.indexOf(seat);
        var name = $(".tap-name", li);
        name.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
        $(".tap-place", name).textContent = at >= 0 ? say.places[at] : "";
        $$(".tap-role", li).forEach(function (b) {
          var on = b.dataset.role === "rebel" ? box("rebel" + seat).checked : field(b.dataset.role).value === String(seat);
          b.setAttribute("aria-pressed", on ? "true" : "false");
        });
      });
      $("[data-tap-revealed]", tap).setAttribute("aria-pressed", box("guard_revealed").checked ? "true" : "false");
      preview(seats);
    };
    var sheet = function (seats) {
      var seat = function (id) { var v = field(id).value; return v === "" ? null : +v; };
      var rebels = [];
      for (var s = 0; s < 5; s++) if (box("rebel" + s).checked) rebels.push(s);
      var mode = field("mode").value;
      return {
        ruleset: JSON.parse(tap.dataset.ruleset), mode: mode, emperor: seat("emperor"), guard: seat("guard"),
        rebels: rebels, guard_revealed: box("guard_revealed").checked, kicked_by: seat("kick"),
        finishing_order: mode === "void" || mode === "surrender" ? [] : seats
      };
    };
    var preview = function (seats) {
      var out = $("#tap-preview", tap), asked = ++previewAsked, doc = sheet(seats);
      var ends = doc.mode === "void" || doc.mode === "surrender";
      // nothing red before the deal is told: until the places and the emperor are in, a hint
      if (!ends && (doc.finishing_order.length !== 5 || doc.emperor === null)) {
        out.textContent = say.more;
        return;
      }
      fetch("/v1/scores", {
        method: "POST", credentials: "omit",
        headers: { "Content-Type": "application/json", "Accept-Language": document.documentElement.lang },
        body: JSON.stringify(doc)
      }).then(function (r) { return r.json().then(function (body) { return [r.ok, body]; }); })
        .then(function (answer) {
          if (asked !== previewAsked) return;  // a later tap asked again
          out.textContent = "";
          if (!answer[0]) {
            var p = document.createElement("p");
            p.className = "field-error";
            p.textContent = ((answer[1].errors || [])[0] || answer[1]).detail || "";
            out.appendChild(p);
            return;
          }
          var head = document.createElement("p");
          head.textContent = say.preview;
          out.appendChild(head);
          var table = document.createElement("table"), names = {};
          table.className = "scores tap-scores";
          $$(".tap-player", tap).forEach(function (li) { names[li.dataset.seat] = $(".tap-label", li).textContent; });
          var row = function (cells, tag) {
            var tr = document.createElement("tr");
            cells.forEach(function (c, i) {
              var td = document.createElement(tag);
              td.textContent = c;
              if (i === 2) td.className = "num";
              if (i === 1) td.className = "name";
              tr.appendChild(td);
            });
            table.appendChild(tr);
          };
          row([say.place, say.player, say.score], "th");
          var shown = answer[1].finishing_order.length ? answer[1].finishing_order : [0, 1, 2, 3, 4];
          shown.forEach(function (s, i) {
            var score = answer[1].scores[s];
            row([answer[1].finishing_order.length ? say.places[i] : "", names[s], (score > 0 ? "+" : "") + score], "td");
          });
          out.appendChild(table);
        }).catch(function () { out.textContent = ""; });
    };
    tap.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b) return;
      if (b.classList.contains("tap-name")) {
        var seat = +b.dataset.seat, seats = order(), at = seats.indexOf(seat);
        if (seats.length === 5 && at < 0) return;
        if (at >= 0) seats.splice(at); else seats.push(seat);  // tapping a placed name takes it and those after it back
        setOrder(seats);
      } else if (b.classList.contains("tap-role")) {
        var s = b.dataset.seat;
        if (b.dataset.role === "rebel") { var c = box("rebel" + s); c.checked = !c.checked; }
        else { var f = field(b.dataset.role); f.value = f.value === s ? "" : s; }
      } else if (b.hasAttribute("data-tap-revealed")) {
        box("guard_revealed").checked = !box("guard_revealed").checked;
      } else if (b.hasAttribute("data-tap-clear")) {
        setOrder([]);
      } else return;
      sheetForm.dispatchEvent(new Event("input", { bubbles: true }));  // the draft keeps the taps
      draw();
    });
    sheetForm.addEventListener("change", draw);
    // the form as a refusal or a draft filled it, then the taps; the drop-downs fold away unless
    // there is something in them to read (a problem, another mode than normal)
    tap.hidden = false;
    if (selects && !$(".field-error", selects) && field("mode").value === "normal") selects.open = false;
    setTimeout(draw, 0);
  }

  // --- recording at the table -------------------------------------------------------------------
  var rec = $("#recorder");
  if (!rec) return;
  var words = $("#words").dataset;
  var decks = JSON.parse(rec.dataset.decks || "{}");
  var KEY = "baohuang-recorder";
  var keep = store();
  var state = { calls: [], plays: [], picked: [] };

  // Everything that defines the game is kept: ruleset, first candidate, names, deal, calls, plays.
  function save() {
    if (!keep) return;
    var names = $$("[data-name]").map(function (el) { return el.value; });
    keep.setItem(KEY, JSON.stringify({
      ruleset: $("#r-ruleset").value, first: $("#r-first").value, guard: $("#r-guard").value, deal: $("#r-deal").value,
      names: names, calls: state.calls, plays: state.plays
    }));
  }
  function load() {
    var saved = null;
    try { saved = JSON.parse((keep && keep.getItem(KEY)) || "null"); } catch (e) { saved = null; }
    if (!saved) return;
    state.calls = saved.calls || [];
    state.plays = saved.plays || [];
    if (saved.ruleset) $("#r-ruleset").value = saved.ruleset;
    if (saved.first !== undefined) $("#r-first").value = saved.first;
    if (saved.guard !== undefined) $("#r-guard").value = saved.guard;
    if (saved.deal) $("#r-deal").value = saved.deal;
    (saved.names || []).forEach(function (n, i) { var el = $('[data-name="' + i + '"]'); if (el) el.value = n || ""; });
    if (saved.deal || saved.guard || (saved.names || []).some(function (n) { return n; })) $("#setup").open = true;
  }

  function record() {
    var doc = { ruleset: $("#r-ruleset").value, calls: state.calls, plays: state.plays };
    var first = $("#r-first").value;
    if (first !== "") doc.first_candidate = Number(first);
    var guard = $("#r-guard").value;
    if (guard !== "") doc.guard = Number(guard);
    var deal = $("#r-deal").value.trim();
    if (deal) {
      var hands = ["", "", "", "", ""];
      deal.split(/\n/).forEach(function (line) {
        var m = /^\s*([0-4])\s*[:：]\s*(.*)$/.exec(line);
        if (m) hands[Number(m[1])] = m[2].trim();
      });
      doc.deal = hands;
    }
    var names = $$("[data-name]").map(function (el) { return el.value.trim(); });
    if (names.some(function (n) { return n; })) doc.meta = { players: names.map(function (n) { return n || null; }) };
    return doc;
  }

  function showRanks() {
    var have = decks[$("#r-ruleset").value];
    $$(".rank", rec).forEach(function (b) {
      var r = b.dataset.rank.replace("*", "");
      b.hidden = have ? have.indexOf(r) < 0 : false;
    });
  }

  function status(text, kind) {
    var el = $("#status");
    el.textContent = text;
    el.className = "status" + (kind ? " " + kind : "");
  }

  function element(tag, cls, text) {
    var el = document.createElement(tag);
    if (cls) el.className = cls;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  // The log as the referee laid it out: trick by trick, each play with its seat (and name).
  function renderLog(answer) {
    var calls = $("#calls-log"), log = $("#plays-log");
    calls.innerHTML = ""; log.innerHTML = "";
    var laidOut = answer && answer.calls;
    state.calls.forEach(function (c, i) {
      var shown = laidOut && answer.calls[i];
      var li = element("li", i === (answer && answer.bad_call) ? "faulty" : "",
        shown ? shown.label + "：" + shown.call + (shown.card ? " " + shown.card : "") : words.seat + " " + (Number(c.seat) + 1) + "：" + c.call);
      calls.appendChild(li);
    });
    var judged = answer && answer.tricks ? answer.tricks : null;
    var shownPlays = 0;
    (judged || []).forEach(function (trick, t) {
      var li = element("li");
      li.appendChild(element("span", "label", words.trick + " " + (t + 1)));
      trick.forEach(function (p) {
        var span = element("span", "play" + (p.faulty ? " faulty" : "") + (p.cards ? "" : " pass"));
        span.appendChild(element("span", "seat", p.label));
        span.appendChild(document.createTextNode(" " + (p.cards || words.pass)));
        li.appendChild(span);
        shownPlays += 1;
      });
      log.appendChild(li);
    });
    if (shownPlays < state.plays.length) {  // entries the referee did not reach (after a fault)
      var rest = element("li");
      state.plays.slice(shownPlays).forEach(function (p) { rest.appendChild(element("span", "play later", p.cards || words.pass)); });
      log.appendChild(rest);
    }
    var out = $("#outcome");
    out.innerHTML = "";
    if (answer && answer.outcome) out.appendChild(outcomeTable(answer.outcome));
  }

  function outcomeTable(o) {
    var box = element("div", "verdict good");
    box.appendChild(element("p", "", words.mode + "：" + o.mode));
    var table = element("table", "scores");
    table.appendChild(element("caption", "", words.scores));
    var head = element("tr");
    [words.seat, words.role, words.place, words.score].forEach(function (h) { var th = element("th", "", h); th.scope = "col"; head.appendChild(th); });
    var thead = element("thead"); thead.appendChild(head); table.appendChild(thead);
    var body = element("tbody");
    o.rows.forEach(function (r) {
      var tr = element("tr");
      [r.label, r.role, r.place, String(r.score)].forEach(function (v, k) { tr.appendChild(element("td", k === 3 ? "num" : "", v)); });
      body.appendChild(tr);
    });
    table.appendChild(body);
    box.appendChild(table);
    if (o.multipliers.length) {
      box.appendChild(element("h3", "", words.multipliers + " ×" + o.multiplier));
      var ul = element("ul");
      o.multipliers.forEach(function (m) { ul.appendChild(element("li", "", "×" + m.factor + " — " + m.reason)); });
      box.appendChild(ul);
    } else {
      box.appendChild(element("p", "small", words.none));
    }
    return box;
  }

  function renderPicked() {
    var counts = {};
    state.picked.forEach(function (r) { counts[r] = (counts[r] || 0) + 1; });
    $$(".count", rec).forEach(function (el) { var n = counts[el.dataset.count]; el.textContent = n ? String(n) : ""; });
    $("#p-selection").textContent = state.picked.length ? state.picked.join(" ") : "—";
  }

  var last = null;
  function check() {
    save();
    renderPicked();
    if (!state.calls.length && !state.plays.length) { renderLog(null); status(words.nothing); return; }
    var el = $("#status");
    el.dataset.pending = "1";
    fetch(rec.dataset.check, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(record())
    })
      .then(function (r) { return r.json(); })
      .then(function (a) { last = a; renderLog(a); status(a.status, a.kind === "ok" ? "" : a.kind); })
      .catch(function () { renderLog(last); status(words.unreachable, "bad"); })
      .then(function () { delete el.dataset.pending; });
  }

  $$(".rank", rec).forEach(function (b) {
    b.addEventListener("click", function () { state.picked.push(b.dataset.rank); renderPicked(); });
  });
  $("#p-play").addEventListener("click", function () {
    if (!state.picked.length) return;
    state.plays.push({ cards: state.picked.join(" ") });
    state.picked = [];
    check();
  });
  $("#p-pass").addEventListener("click", function () { state.plays.push({ pass: true }); state.picked = []; check(); });
  $("#p-undo").addEventListener("click", function () {
    if (state.picked.length) { state.picked.pop(); renderPicked(); return; }
    if (state.plays.length) state.plays.pop();
    else state.calls.pop();
    check();
  });
  $("#p-clear").addEventListener("click", function () { state.picked = []; renderPicked(); });
  $("#c-add").addEventListener("click", function () {
    var c = { seat: Number($("#c-seat").value), call: $("#c-kind").value };
    var card = $("#c-card").value.trim();
    if (card) c.card = card;
    state.calls.push(c);
    $("#c-card").value = "";
    check();
  });
  $("#new-game").addEventListener("click", function (e) {
    if (!window.confirm(e.currentTarget.dataset.confirm)) return;
    state = { calls: [], plays: [], picked: [] };
    $("#r-deal").value = "";
    $$("[data-name]").forEach(function (el) { el.value = ""; });
    check();
  });
  $$("[data-keep]", rec).forEach(function (el) {
    el.addEventListener("change", function () { showRanks(); check(); });
  });

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
  load();
  showRanks();
  check();
})();
