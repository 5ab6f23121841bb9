/* Fit every slide of a deck into the projector's 1280x720 before reveal.js starts.
 *
 * The decks are cut from notebooks at their sections, so a slide holds as much as the notebook
 * puts under a heading. Heights cannot be known offline at build time (MathJax, fonts, plots),
 * so the deck is measured here, once, while every slide is laid out at the deck's width: a
 * slide taller than the deck is split into continuation slides, at a cell boundary where
 * possible, else at a paragraph, list item, table row (the header is repeated) or code line.
 * A heading is never left at the bottom of a slide, and a short comment stays with the code
 * cell above it. Commentary stays with what it explains (keepWithWhatItExplains): a lead-in
 * paragraph is not left at the bottom of a slide while the table, code, output or figure it
 * introduces starts the next one (it moves on with it; if nothing else is on the slide, what
 * it introduces is cut by rows or lines so that its first part stays), and a short comment
 * just after a table, output or figure is not parted from it. Only then is reveal.js
 * initialised, so its "ready" event sees the final deck. Nothing is loaded from anywhere.
 *
 * For the lecture cut (bleu/book/lecture.py): each slide's speaker notes become one
 * <aside class="notes"> that stays with the slide (reveal.js's notes plugin, S); a slide
 * without a heading shows its section's as a small running title; a figure is laid out at
 * least 920 px wide with its text in a column beside it (layFigure); a code cell is never cut
 * from its output: when the two do not fit, the output is trimmed (trimOutput, a "…" and a
 * link to the full cell) or, when the code itself leaves no room, the prose above it leaves
 * the slide for the notes (proseToNotes); a continuation of about three lines of prose or
 * less goes back into the notes (foldShort).
 */
(function () {
  "use strict";

  var MIN_PART = 70; // px: a unit starting this close to the bottom moves to the next slide
  var SHORT_COMMENT = 160; // px: prose this short after code stays with the code
  // px kept free below a fitted slide: MathJax typesets a slide again when it shows, which
  // made slides up to 16 px taller than measured (a 676 px slide fitted to 660)
  var RESERVE = 48;
  var PADDING = 24; // px: a box overflowing by no more than this overflows by its padding
  // px: the least output a code cell keeps on its slide (about three lines and the line
  // that links the full cell): a code cell whose code leaves less takes the prose off first
  var MIN_OUTPUT_ROOM = 100;
  var MIN_CODE_LINES = 3; // a code cell cut to the slide keeps at least its first 3 lines
  var CODE_SHARE = 0.55; // long code yields first, down to this share of the slide's height
  // figures: 920 deck px is 902 px at reveal.js's scale of 0.98 on a 1280x720 screen
  var FIGURE_WIDTH = 920;
  // the words this script writes on a slide, in the deck's language (siteDeck.start's
  // site.words: bleu/book/site_text.py)
  var WORDS = {
    continued: " (continued)",
    fullCell: "full cell in the handout",
    figureAndTable: "the code of this figure and its table are in the handout",
    trimmedOutput: "output trimmed to the slide",
    trimmedCode: "code and output trimmed to the slide"
  };
  // Text in the deck's language other than English is set in a span with its lang, as
  // bleu.book.fonts marks the page's own text, so that it is drawn with the site's font.
  function said(text) {
    var lang = document.documentElement.lang || "en";
    if (/^en\b/.test(lang)) {
      return document.createTextNode(text);
    }
    var span = document.createElement("span");
    span.className = "cjk";
    span.lang = lang;
    span.textContent = text;
    return span;
  }
  var FIGURE_MAX_WIDTH = 1040; // leaves a column for the text beside the figure
  var SCALE = 0.98;
  var FIGURE_MIN_PT = 10; // bleu.plot.MIN_FONT_PT: the smallest text of a figure
  var FIGURE_PNG_DPI = 200; // bleu.plot's DPI x RETINA
  var FIGURE_TEXT_PX = 18.2; // what that text measures on the screen at the least
  var minPart = MIN_PART; // 0 while a lead-in that cannot move forces a cut inside what follows
  // what is no block of its own on a slide (prompts, the continuation title, the handout link)
  var NOT_A_BLOCK = "script, style, aside, .jp-InputPrompt, .jp-OutputPrompt, .jp-Collapser, " +
    ".site-continued-title, .MathJax_Preview, .site-full-cell";

  function whenMathJaxDone(done) {
    if (!(window.MathJax && MathJax.Hub && MathJax.Hub.Register)) {
      done();
      return;
    }
    MathJax.Hub.Register.StartupHook("End", function () {
      MathJax.Hub.Queue(done);
    });
  }

  function imagesDecoded(root) {
    var waits = Array.prototype.map.call(root.querySelectorAll("img"), function (img) {
      return img.decode ? img.decode().catch(function () {}) : Promise.resolve();
    });
    return Promise.all(waits);
  }

  function units(el) {
    var out = [];
    for (var i = 0; i < el.children.length; i++) {
      var child = el.children[i];
      var tag = child.tagName;
      if (tag === "SCRIPT" || tag === "STYLE" || tag === "ASIDE" ||
          child.classList.contains("jp-Collapser")) {
        continue;
      }
      var box = child.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) {
        continue; // hidden (prompts) or empty (collapsers)
      }
      out.push(child);
    }
    return out;
  }

  function isHeading(el) {
    return /^H[1-6]$/.test(el.tagName);
  }

  function cellOf(el) {
    if (el.classList.contains("jp-Cell")) {
      return el;
    }
    if (el.classList.contains("fragment") && el.children.length === 1) {
      return el.children[0].classList.contains("jp-Cell") ? el.children[0] : null;
    }
    return null;
  }

  function isAtomic(el) {
    var tag = el.tagName;
    if (el.classList.contains("jp-CodeCell") || (cellOf(el) && cellOf(el).classList.contains(
      "jp-CodeCell"))) {
      return true; // code and its output share a slide: trimOutput makes room, never a cut
    }
    if (/^(IMG|SVG|CANVAS|VIDEO|P|H[1-6]|LI|TR|HR|BR)$/.test(tag)) {
      return true;
    }
    if (el.classList.contains("MathJax_Display") || el.classList.contains("MathJax")) {
      return true;
    }
    return false;
  }

  /* Where to cut a <pre>: just after the last newline whose line still ends above `limit`. */
  function preBreak(pre, limit, top) {
    var walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    var range = document.createRange();
    var best = null;
    var nodes = [];
    var node;
    while ((node = walker.nextNode())) {
      nodes.push(node);
    }
    // the last text node with something visible: no cut after its last visible character
    var lastShown = -1;
    nodes.forEach(function (n, k) {
      if (/\S/.test(n.nodeValue)) {
        lastShown = k;
      }
    });
    for (var k = 0; k <= lastShown; k++) {
      node = nodes[k];
      var text = node.nodeValue;
      var end = k === lastShown ? text.search(/\s*$/) : text.length;
      for (var i = text.indexOf("\n"); i >= 0 && i < end; i = text.indexOf("\n", i + 1)) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        var rects = range.getClientRects();
        var rect = rects.length ? rects[0] : range.getBoundingClientRect();
        if (rect.bottom - top > limit) {
          return best;
        }
        // a newline that ends the text is no place to cut
        best = {node: node, offset: i + 1};
      }
    }
    return best;
  }

  /* A cut point {node, offset} inside `container` so that what comes before it ends above
     `limit` (px from the slide's top), or null if the first unit cannot be cut. */
  function findBreak(container, limit, top) {
    if (container.tagName === "PRE") {
      var cut = preBreak(container, limit, top);
      if (cut && container.getBoundingClientRect().top - top + 40 < limit) {
        return cut;
      }
      return null;
    }
    var kids = container.tagName === "TABLE" ? [] : units(container);
    if (container.tagName === "TABLE") {
      var body = container.tBodies[0];
      return body ? findBreak(body, limit, top) : null;
    }
    // a continuation slide's title does not count as content of its own
    var first = kids.length && kids[0].classList.contains("site-continued-title") ? 1 : 0;
    for (var i = first; i < kids.length; i++) {
      var kid = kids[i];
      var box = kid.getBoundingClientRect();
      if (box.bottom - top <= limit) {
        continue;
      }
      var startsLow = box.top - top > limit - minPart;
      if (!(startsLow && i > first) && !isAtomic(kid)) {
        var inner = findBreak(kid, limit, top);
        var over = box.bottom - top - limit;
        if (!inner && over < PADDING) {
          // only its padding (a code box's) overflows: cut what it holds a little higher
          inner = findBreak(kid, limit - over - 1, top);
        }
        if (inner) {
          return inner;
        }
      }
      if (i === first) {
        // the first unit cannot be cut (its content fits but its padding does not, or it is
        // one tall figure): it keeps this slide, what follows it moves on
        if (i + 1 < kids.length && container.tagName === "SECTION") {
          return {node: container,
                  offset: Array.prototype.indexOf.call(container.childNodes, kids[i + 1])};
        }
        return null;
      }
      return keepTogether(container, kids, i, first);
    }
    return null;
  }

  /* The cut before kids[i], moved earlier so that a heading or a lead-in ending in ':' is not
     left at the bottom, and a short comment is not parted from the code cell above it. */
  function keepTogether(container, kids, i, first) {
    var j = i;
    // no single table row or list item alone at the top of the next slide
    if (/^(TR|LI)$/.test(kids[j].tagName) && kids.length - j < 2 && j - 1 > first) {
      j -= 1;
    }
    while (j > first + 1) {
      var before = kids[j - 1];
      var after = kids[j];
      if (isHeading(before) || (before.tagName === "P" && /:\s*$/.test(before.textContent))) {
        j -= 1;
        continue;
      }
      var cellAfter = cellOf(after);
      var cellBefore = cellOf(before);
      if (
        cellAfter && cellBefore &&
        cellAfter.classList.contains("jp-MarkdownCell") &&
        cellBefore.classList.contains("jp-CodeCell") &&
        after.getBoundingClientRect().height < SHORT_COMMENT
      ) {
        j -= 1;
      }
      break;
    }
    return {node: container, offset: Array.prototype.indexOf.call(container.childNodes, kids[j])};
  }

  /* What a reader sees as one block of a slide: H(eading), P(aragraph), L(ist), T(able),
     C(ode), O(utput text), F(igure), M(ath display); null for a mere wrapper. */
  function blockKind(el) {
    var tag = el.tagName;
    if (isHeading(el)) {
      return "H";
    }
    if (tag === "P") {
      return "P";
    }
    if (tag === "UL" || tag === "OL") {
      return "L";
    }
    if (tag === "TABLE") {
      return "T";
    }
    if (tag === "PRE") {
      return el.closest(".jp-OutputArea") ? "O" : "C";
    }
    if (/^(IMG|SVG|CANVAS|VIDEO)$/.test(tag)) {
      return "F";
    }
    if (el.classList.contains("MathJax_Display")) {
      return "M";
    }
    return null;
  }

  /* The blocks of `root` in document order (a block is not looked into). */
  function blocksOf(root, out) {
    out = out || [];
    for (var i = 0; i < root.children.length; i++) {
      var el = root.children[i];
      if (el.matches(NOT_A_BLOCK)) {
        continue;
      }
      var kind = blockKind(el);
      if (!kind) {
        blocksOf(el, out);
      } else if (kind === "F" || el.textContent.trim()) {
        out.push({el: el, kind: kind});
      }
    }
    return out;
  }

  function pointRange(cut) {
    var range = document.createRange();
    range.setStart(cut.node, cut.offset);
    return range;
  }

  /* The last block before `cut` and the first after it; null when the cut is inside a block
     (a table cut between rows, code between lines). */
  function blocksAround(slide, cut) {
    var at = pointRange(cut);
    var before = null;
    var list = blocksOf(slide);
    for (var i = 0; i < list.length; i++) {
      var el = list[i].el;
      if (at.comparePoint(el, 0) >= 0) {
        return {before: before, after: list[i]};
      }
      if (at.comparePoint(el, el.childNodes.length) > 0) {
        return null;
      }
      before = list[i];
    }
    return {before: before, after: null};
  }

  /* Something other than headings stays on the slide before `cut`. */
  function keepsContent(slide, cut) {
    var at = pointRange(cut);
    return blocksOf(slide).some(function (b) {
      return b.kind !== "H" && at.comparePoint(b.el, 0) < 0;
    });
  }

  function isEarlier(cut, than) {
    return pointRange(than).comparePoint(cut.node, cut.offset) < 0;
  }

  /* A cut between a paragraph and the table, code, output, figure or formula it leads to. */
  function leavesLeadIn(around) {
    return Boolean(around && around.before && around.after && around.before.kind === "P" &&
      /^[TCOFM]$/.test(around.after.kind));
  }

  /* `cut` (from findBreak) moved so that commentary stays with what it explains:
     - a lead-in (a paragraph just before a table, code, output, figure or formula) is not left
       at the bottom: the cut moves before it (and before a heading above it); when nothing
       but headings would stay, the cut goes inside what the lead-in introduces instead (rows
       of a table, lines of code), so the lead-in keeps its first part;
     - a short comment just after a table, output or figure (after a table: one up to half a
       slide high) does not start the next slide alone: what it comments moves on with it
       (the whole of it if the two fit one slide, else its last rows or lines). */
  function keepWithWhatItExplains(slide, cut, limit, top) {
    for (var attempt = 0; attempt < 4; attempt++) {
      var around = blocksAround(slide, cut);
      if (!around || !around.before || !around.after) {
        return cut;
      }
      var b = around.before;
      var a = around.after;
      var better = null;
      if (leavesLeadIn(around)) {
        better = findBreak(slide, b.el.getBoundingClientRect().top - top, top);
        if (!(better && isEarlier(better, cut) && keepsContent(slide, better))) {
          minPart = 0;
          better = findBreak(slide, limit, top);
          minPart = MIN_PART;
          var ok = better && keepsContent(slide, better) &&
            !leavesLeadIn(blocksAround(slide, better));
          return ok ? better : cut;
        }
      } else if (
        a.kind === "P" && /^[TOF]$/.test(b.kind) && (
          a.el.getBoundingClientRect().height < SHORT_COMMENT ||
          // a table's last rows can keep a longer comment company
          (b.kind === "T" && a.el.getBoundingClientRect().height < limit / 2))
      ) {
        var box = b.el.getBoundingClientRect();
        var whole = box.height + a.el.getBoundingClientRect().height < limit - MIN_PART;
        better = whole ? findBreak(slide, box.top - top, top) : null;
        if (!(better && isEarlier(better, cut) && keepsContent(slide, better))) {
          better = findBreak(slide, box.bottom - top - 1, top);
        }
        if (!(better && isEarlier(better, cut) && keepsContent(slide, better))) {
          return cut;
        }
      } else {
        return cut;
      }
      cut = better;
    }
    return cut;
  }

  /* The last h1-h3 of `section` (a copy, without its anchor), else `fallback`. */
  function lastHeading(section, fallback) {
    var headings = section.querySelectorAll("h1, h2, h3");
    if (!headings.length) {
      return fallback;
    }
    var copy = headings[headings.length - 1].cloneNode(true);
    copy.querySelectorAll("a.anchor-link, [id]").forEach(function (el) {
      if (el.classList.contains("anchor-link")) {
        el.remove();
      } else {
        el.removeAttribute("id");
      }
    });
    return copy;
  }

  /* Move everything after `cut` out of `slide` into a new slide placed just after it. */
  function splitSlide(slide, cut, heading, handout) {
    var cell = null;
    for (var c = cut.node; c && c !== slide; c = c.parentNode) {
      if (c.classList && c.classList.contains("jp-CodeCell") && c.id) {
        cell = c;
      }
    }
    var table = null;
    for (var n = cut.node; n && n !== slide; n = n.parentNode) {
      if (n.tagName === "TABLE") {
        table = n;
      }
    }
    var list = cut.node.tagName === "OL" ? cut.node : null;
    var listStart = list ? (parseInt(list.getAttribute("start") || "1", 10) +
      Array.prototype.filter.call(list.childNodes, function (c, k) {
        return k < cut.offset && c.tagName === "LI";
      }).length) : 0;
    var notes = slide.querySelector(":scope > aside.notes");
    if (notes) {
      notes.remove(); // the speaker notes stay with the slide they were written for
    }
    var range = document.createRange();
    range.setStart(cut.node, cut.offset);
    range.setEnd(slide, slide.childNodes.length);
    var content = range.extractContents();
    if (notes) {
      slide.appendChild(notes);
    }
    var next = document.createElement("section");
    next.className = "site-continued";
    next.appendChild(content);
    // the cut's ancestors were cloned: no element id twice, no fragment shown by itself
    next.querySelectorAll("[id]").forEach(function (el) {
      if (document.getElementById(el.id)) {
        el.removeAttribute("id");
      }
    });
    for (var lead = next.firstElementChild; lead; lead = lead.firstElementChild) {
      lead.classList.remove("fragment");
    }
    if (table && table.tHead) {
      var clone = next.querySelector("table");
      if (clone && !clone.tHead) {
        clone.insertBefore(table.tHead.cloneNode(true), clone.firstChild);
      }
    }
    if (list) {
      var ol = next.querySelector("ol");
      if (ol) {
        ol.setAttribute("start", String(listStart));
      }
    }
    if (heading) {
      var title = document.createElement("p");
      title.className = "site-continued-title";
      var copy = heading.cloneNode(true);
      while (copy.firstChild) {
        title.appendChild(copy.firstChild);
      }
      title.appendChild(said(WORDS.continued));
      if (cell && handout) {
        // a code cell cut in two: the whole of it is one click away
        title.appendChild(document.createTextNode(" · "));
        var link = document.createElement("a");
        link.href = handout + "#" + encodeURIComponent(cell.id).replace(/%3D/g, "=");
        link.appendChild(said(WORDS.fullCell));
        title.appendChild(link);
      }
      next.insertBefore(title, next.firstChild);
    }
    slide.parentNode.insertBefore(next, slide.nextSibling);
    return next;
  }

  /* Let long names in table cells (bleu.corpus_score, a_b_c) break after "." "_" "/"
     instead of anywhere, so a wide table wraps at readable places. */
  function breakableCells(root) {
    root.querySelectorAll("td, th").forEach(function (cell) {
      var walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      var nodes = [];
      var node;
      while ((node = walker.nextNode())) {
        if (node.nodeValue.length > 12 && /[._\/][^\s]/.test(node.nodeValue)) {
          nodes.push(node);
        }
      }
      nodes.forEach(function (text) {
        var parts = text.nodeValue.split(/(?<=[._\/])(?=\S)/);
        var frag = document.createDocumentFragment();
        parts.forEach(function (part, k) {
          if (k > 0) {
            frag.appendChild(document.createElement("wbr"));
          }
          frag.appendChild(document.createTextNode(part));
        });
        text.parentNode.replaceChild(frag, text);
      });
    });
  }

  /* One <aside class="notes"> per slide, its last child: the notes of every cell of the
     slide in order (reveal.js's speaker view would otherwise show a fragment's notes only). */
  function gatherNotes(slide) {
    var asides = slide.querySelectorAll("aside.notes");
    if (!asides.length) {
      return null;
    }
    var merged = document.createElement("aside");
    merged.className = "notes";
    asides.forEach(function (aside) {
      while (aside.firstChild) {
        merged.appendChild(aside.firstChild);
      }
      aside.remove();
    });
    slide.appendChild(merged);
    return merged;
  }

  function notesOf(slide) {
    return slide.querySelector(":scope > aside.notes") || (function () {
      var aside = document.createElement("aside");
      aside.className = "notes";
      slide.appendChild(aside);
      return aside;
    })();
  }

  /* A slide without a heading of its own (the next code cell of a section) shows the
     section's heading as a small running title. */
  function runningTitle(slide, heading) {
    if (!heading || slide.querySelector("h1, h2, h3") || slide.classList.contains("site-title")) {
      return;
    }
    var title = document.createElement("p");
    title.className = "site-continued-title site-running-title";
    var copy = heading.cloneNode(true);
    while (copy.firstChild) {
      title.appendChild(copy.firstChild);
    }
    slide.insertBefore(title, slide.firstChild);
  }

  /* A slide with a figure shows it at least 900 px wide on a 1280x720 screen, with the text
     that explains it in a column beside it (heading and prose), the figure on the left. */
  function layFigure(slide) {
    var img = slide.querySelector(".jp-OutputArea-output img");
    if (!img || slide.querySelector(".site-figure-row")) {
      return;
    }
    var holder = img;
    while (holder.parentNode !== slide) {
      holder = holder.parentNode;
    }
    var row = document.createElement("div");
    row.className = "site-figure-row";
    var text = document.createElement("div");
    text.className = "site-figure-text";
    Array.prototype.slice.call(slide.childNodes).forEach(function (node) {
      if (node !== holder && !(node.tagName === "ASIDE")) {
        text.appendChild(node);
      }
    });
    slide.insertBefore(row, slide.firstChild);
    row.appendChild(holder);
    row.appendChild(text);
    holder.querySelectorAll(".site-figure-code").forEach(function (link) {
      text.appendChild(link); // under the text, so the figure starts at the slide's top
    });
    var more = false;
    holder.querySelectorAll(".jp-OutputArea-child").forEach(function (output) {
      if (output.querySelector("img")) {
        return;
      }
      if (output.querySelector("table")) {
        output.remove(); // no room beside the figure: the table is in the handout
        more = true;
      } else {
        text.appendChild(output); // printed lines go beside the figure, under its text
      }
    });
    text.querySelectorAll(".site-figure-code a").forEach(function (link) {
      if (more) {
        link.textContent = "";
        link.appendChild(said(WORDS.figureAndTable));
      }
    });
    holder.classList.add("site-figure");
    slide.classList.add("site-figure-slide");
    // a wide figure (a legend outside its axes) is shown wider, so that its smallest text,
    // FIGURE_MIN_PT points of a PNG drawn at FIGURE_PNG_DPI, is FIGURE_TEXT_PX on the screen
    var width = Math.max(FIGURE_WIDTH, Math.min(FIGURE_MAX_WIDTH, Math.ceil(img.naturalWidth *
      FIGURE_TEXT_PX / (FIGURE_MIN_PT * FIGURE_PNG_DPI / 72) / SCALE)));
    holder.style.flexBasis = width + "px";
    holder.style.width = width + "px";
    img.style.width = width + "px";
  }

  /* The last line of a <pre>, its last table row, or its last output removed from the
     outputs of a code cell; false when nothing is left to remove. */
  function dropLast(outputs) {
    var children = outputs.querySelectorAll(".jp-OutputArea-child");
    var last = children[children.length - 1];
    if (!last) {
      return false;
    }
    var rows = last.querySelectorAll("tbody tr");
    if (rows.length > 1) {
      rows[rows.length - 1].remove();
      last.classList.add("site-cut-rows");
      return true;
    }
    var pres = last.querySelectorAll("pre");
    var pre = pres[pres.length - 1];
    if (pre && pre.textContent.replace(/\s+$/, "").split("\n").length > 1) {
      var text = pre.textContent.replace(/\s+$/, "");
      pre.textContent = text.slice(0, text.lastIndexOf("\n"));
      last.classList.add("site-cut-lines");
      return true;
    }
    last.remove();
    outputs.classList.add("site-cut-outputs");
    return true;
  }

  /* A code cell's source cut to its first lines (at least MIN_CODE_LINES; a function's def
     line stays), whole lines from the end, until the input ends above `bottom`; a "# …"
     line where it stops. Highlighting is kept: the cut removes a DOM range. True if cut. */
  function trimCode(input, bottom, top) {
    var pre = input.querySelector("pre");
    if (!pre) {
      return false;
    }
    var cut = false;
    for (var guard = 0; guard < 400 && input.getBoundingClientRect().bottom - top > bottom;
         guard++) {
      var breaks = [];
      var walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
      var node;
      while ((node = walker.nextNode())) {
        for (var at = node.nodeValue.indexOf("\n"); at >= 0;
             at = node.nodeValue.indexOf("\n", at + 1)) {
          breaks.push({node: node, offset: at});
        }
      }
      // the newline that ends the text (if any) is no line of its own
      var text = pre.textContent;
      if (breaks.length && /\n\s*$/.test(text)) {
        breaks.pop();
      }
      if (breaks.length < MIN_CODE_LINES) {
        break;
      }
      var last = breaks[breaks.length - 1];
      var range = document.createRange();
      range.setStart(last.node, last.offset);
      range.setEnd(pre, pre.childNodes.length);
      range.deleteContents();
      cut = true;
    }
    if (cut) {
      var line = pre.textContent.split("\n").pop();
      var indent = line.slice(0, line.length - line.replace(/^\s+/, "").length);
      pre.appendChild(document.createTextNode("\n" + indent + "# \u2026"));
    }
    return cut;
  }

  /* Lines of text and table rows still shown in a cell's outputs (a figure counts many). */
  function shownLines(outputs) {
    var lines = outputs.querySelectorAll("img").length * 10;
    outputs.querySelectorAll("pre").forEach(function (pre) {
      lines += pre.textContent.replace(/\s+$/, "").split("\n").length;
    });
    return lines + outputs.querySelectorAll("tbody tr").length;
  }

  /* When a code cell that starts on `slide` runs past `limit`, its output is trimmed to the
     room left (whole lines, table rows or outputs from the end, a "…" where they were cut
     and a link to the full cell in the handout), so that code and output share the slide.
     A figure is never trimmed. True if something was trimmed. */
  function trimOutput(slide, limit, top, handout) {
    var cells = slide.querySelectorAll(".jp-CodeCell");
    for (var i = 0; i < cells.length; i++) {
      var cell = cells[i];
      // a cell ending within a padding of the limit may be what overflows (its margins)
      if (cell.getBoundingClientRect().bottom - top <= limit - PADDING) {
        continue;
      }
      var input = cell.querySelector(".jp-InputArea, .site-figure-code");
      var outputs = cell.querySelector(".jp-OutputArea");
      if (!outputs || cell.classList.contains("site-trimmed") || cell.querySelector("img")) {
        return false;
      }
      // the result matters more on a slide than the lead-in: the prose above goes to the
      // notes before any output is cut (the loop measures again)
      if (takeProseAbove(slide, cell)) {
        return true;
      }
      // code that leaves no room for the first lines of its output shows its first lines;
      // long code yields first, down to CODE_SHARE of the slide, before the output is cut
      var codeRoom = limit - 90 - MIN_OUTPUT_ROOM;
      var overflow = cell.getBoundingClientRect().bottom - top - (limit - PADDING);
      if (input && overflow > 0) {
        var inputBottom = input.getBoundingClientRect().bottom - top;
        codeRoom = Math.min(codeRoom, Math.max(CODE_SHARE * limit, inputBottom - overflow - 30));
      }
      var codeCut = input && input.getBoundingClientRect().bottom - top > codeRoom &&
        trimCode(input, codeRoom, top);
      if (input && !codeCut && input.getBoundingClientRect().bottom - top > limit - 90) {
        return false;
      }
      // room for the "…" line, the "full cell in the handout" line and the cell's padding
      var room = limit - 100;
      for (var guard = 0; guard < 400 && cell.getBoundingClientRect().bottom - top > room;
           guard++) {
        if (shownLines(outputs) <= 1 || !dropLast(outputs)) {
          break; // the first line of the output stays, whatever the room
        }
      }
      outputs.querySelectorAll(".site-cut-rows tbody").forEach(function (body) {
        var more = document.createElement("tr");
        var td = document.createElement("td");
        td.colSpan = body.rows.length ? body.rows[0].cells.length : 1;
        td.textContent = "\u2026";
        more.appendChild(td);
        body.appendChild(more);
      });
      outputs.querySelectorAll(".site-cut-lines pre").forEach(function (pre) {
        pre.appendChild(document.createTextNode("\n\u2026"));
      });
      var note = document.createElement("p");
      note.className = "site-full-cell";
      var label = said(WORDS.trimmedOutput + " · ");
      note.appendChild(label);
      var link = document.createElement("a");
      link.href = handout + "#" + encodeURIComponent(cell.id || "").replace(/%3D/g, "=");
      link.appendChild(said(WORDS.fullCell));
      note.appendChild(link);
      outputs.appendChild(note);
      // still too tall with the output's first line (the prose above went first, at the
      // top of this function): the code shows fewer lines
      if (slide.scrollHeight > limit && input) {
        var over = slide.scrollHeight - limit + 30; // and room for the "# …" line
        codeCut = trimCode(input, input.getBoundingClientRect().bottom - top - over, top) ||
          codeCut;
      }
      label.textContent = (codeCut ? WORDS.trimmedCode : WORDS.trimmedOutput) + " · ";
      cell.classList.add("site-trimmed");
      return true;
    }
    return false;
  }

  /* The printed lines beside a figure, cut from the end (a "…" where they stop) until the
     text column ends above `limit`. True if something was cut. */
  function trimBeside(slide, limit, top) {
    var column = slide.querySelector(":scope > .site-figure-row > .site-figure-text");
    if (!column || column.getBoundingClientRect().bottom - top <= limit ||
        column.classList.contains("site-trimmed")) {
      return false;
    }
    var pres = column.querySelectorAll(".jp-OutputArea-output pre");
    var cut = false;
    for (var k = pres.length - 1; k >= 0; k--) {
      var pre = pres[k];
      while (column.getBoundingClientRect().bottom - top > limit - 30) {
        var text = pre.textContent.replace(/\s+$/, "");
        var at = text.lastIndexOf("\n");
        if (at < 0) {
          break;
        }
        pre.textContent = text.slice(0, at);
        cut = true;
      }
      if (column.getBoundingClientRect().bottom - top <= limit - 30) {
        if (cut) {
          pre.appendChild(document.createTextNode("\n\u2026"));
        }
        break;
      }
      (pre.closest(".jp-OutputArea-child") || pre).remove();
      cut = true;
    }
    column.classList.add("site-trimmed");
    return cut;
  }

  /* When a code cell on `slide` runs past `limit` and its code leaves no room for a few
     lines of its output (MIN_OUTPUT_ROOM), the prose above it leaves the slide (the speaker notes hold every cell's full
     text): the code and its output then share the slide. True if prose was taken off. */
  function proseToNotes(slide, limit, top) {
    var cells = slide.querySelectorAll(".jp-CodeCell");
    for (var i = 0; i < cells.length; i++) {
      var cell = cells[i];
      if (cell.getBoundingClientRect().bottom - top <= limit) {
        continue;
      }
      var input = cell.querySelector(".jp-InputArea");
      if (!input || input.getBoundingClientRect().bottom - top <= limit - 90 - MIN_OUTPUT_ROOM) {
        return false;
      }
      return takeProseAbove(slide, cell);
    }
    return false;
  }

  /* The paragraphs, lists and quotes above `cell` on `slide` removed (the speaker notes hold
     every cell's full text). True if any was. */
  function takeProseAbove(slide, cell) {
    var taken = false;
    slide.querySelectorAll(".jp-MarkdownCell").forEach(function (md) {
      if (md.compareDocumentPosition(cell) & Node.DOCUMENT_POSITION_FOLLOWING) {
        md.querySelectorAll(".jp-RenderedMarkdown > p, .jp-RenderedMarkdown > ul, " +
          ".jp-RenderedMarkdown > ol, .jp-RenderedMarkdown > blockquote").forEach(function (el) {
          el.remove();
          taken = true;
        });
      }
    });
    return taken;
  }

  /* A continuation slide holding less than about three lines of prose goes back into the
     speaker notes of the slide it continues. True if `slide` was removed. */
  function foldShort(slide, previous) {
    var list = blocksOf(slide);
    if (!list.length || list.some(function (b) { return !/^[PL]$/.test(b.kind); })) {
      return false;
    }
    var height = list.reduce(function (sum, b) {
      return sum + b.el.getBoundingClientRect().height;
    }, 0);
    if (height > 3.5 * 31) { // about three lines of 24 px text
      return false;
    }
    var notes = notesOf(previous);
    list.forEach(function (b) {
      notes.appendChild(b.el.cloneNode(true));
    });
    slide.remove();
    return true;
  }

  function fitDeck(height, handout) {
    var limit = height - RESERVE;
    var leaves = Array.prototype.filter.call(
      document.querySelectorAll(".reveal .slides section"),
      function (s) { return !s.querySelector("section"); }
    );
    var heading = null;
    var splits = 0;
    leaves.forEach(function (slide) {
      gatherNotes(slide);
      runningTitle(slide, heading);
      heading = lastHeading(slide, heading);
      layFigure(slide);
    });
    heading = null;
    leaves.forEach(function (slide) {
      var current = slide;
      for (var guard = 0; guard < 40 && current.scrollHeight > limit; guard++) {
        var top = current.getBoundingClientRect().top;
        if (trimBeside(current, limit, top) || proseToNotes(current, limit, top) ||
            trimOutput(current, limit, top, handout)) {
          continue;
        }
        var cut = findBreak(current, limit, top);
        if (cut) {
          cut = keepWithWhatItExplains(current, cut, limit, top);
        }
        if (!cut) {
          current.classList.add("site-unsplittable");
          break;
        }
        heading = lastHeading(current, heading);
        var before = current;
        current = splitSlide(current, cut, heading, handout);
        if (current.scrollHeight <= limit && foldShort(current, before)) {
          current = before;
          break;
        }
        splits += 1;
      }
      heading = lastHeading(current, heading);
    });
    return splits;
  }

  /* An opened <details> (explain()'s n-gram tables) closes the others on its slide and
     scrolls inside the room the slide has left, so the slide never grows past the deck's
     height. */
  function keepDetailsOnSlide(height) {
    document.addEventListener("toggle", function (event) {
      var opened = event.target;
      var slide = opened.closest ? opened.closest(".reveal .slides section") : null;
      if (!slide || opened.tagName !== "DETAILS" || !opened.open) {
        return;
      }
      slide.querySelectorAll("details[open]").forEach(function (other) {
        if (other !== opened) {
          other.open = false;
        }
      });
      opened.style.maxHeight = "none";
      var rest = slide.offsetHeight - opened.offsetHeight;
      opened.style.maxHeight = Math.max(60, height - rest - 12) + "px";
    }, true);
  }

  /* Lay the deck out, fit it, then start reveal.js with `options`; `site.handout` is the
     chapter's handout page, for the links from code cells cut in two. */
  function start(options, site) {
    var given = (site || {}).words || {};
    Object.keys(given).forEach(function (key) { WORDS[key] = given[key]; });
    var reveal = document.querySelector(".reveal");
    reveal.classList.add("site-measure");
    reveal.style.setProperty("--site-deck-width", options.width + "px");
    var begin = function () {
      whenMathJaxDone(function () {
        Promise.all([document.fonts ? document.fonts.ready : null, imagesDecoded(reveal)])
          .then(function () {
            breakableCells(reveal);
            var splits = fitDeck(options.height, (site || {}).handout);
            reveal.classList.remove("site-measure");
            reveal.setAttribute("data-site-splits", String(splits));
            keepDetailsOnSlide(options.height);
            Reveal.initialize(options);
          });
      });
    };
    if (document.readyState === "complete") {
      begin();
    } else {
      window.addEventListener("load", begin);
    }
  }

  window.siteDeck = {start: start, fitDeck: fitDeck};
})();
