/* Shared by the handouts and the decks: in every table of a notebook, a column whose body
   cells are all numbers (or empty, "-", "nan", "inf") is aligned right, every other column
   left. JupyterLab right-aligns every cell of an output table, which makes words hard to
   read; an alignment set in the markdown source (style="text-align: ...") is kept. */
(function () {
  "use strict";

  var NUMBER = /^[-+\u2212]?(\d[\d,_\u2009 ]*)?(\.\d+)?(e[-+]?\d+)?\s*%?$|^\d+\s*\/\s*\d+$/i;
  var BLANK = /^(|-|\u2013|\u2014|nan|-?inf|none|\u2026)$/i;
  // one short token (a number, a name such as corpus_bleu): never broken across lines
  var UNBROKEN = /^\S{1,16}$/;

  function alignTable(table) {
    var rows = table.tBodies.length ? table.tBodies[0].rows : table.rows;
    var numeric = {};
    var seen = {};
    for (var r = 0; r < rows.length; r++) {
      var cells = rows[r].cells;
      for (var c = 0; c < cells.length; c++) {
        var cell = cells[c];
        if (cell.tagName !== "TD" || cell.colSpan > 1) {
          continue;
        }
        var text = cell.textContent.trim();
        if (BLANK.test(text)) {
          continue;
        }
        seen[c] = true;
        var isNumber = NUMBER.test(text) && /\d/.test(text);
        numeric[c] = (numeric[c] === undefined ? true : numeric[c]) && isNumber;
      }
    }
    for (var i = 0; i < table.rows.length; i++) {
      var row = table.rows[i].cells;
      for (var k = 0; k < row.length; k++) {
        var td = row[k];
        if (td.style.textAlign) {
          continue;
        }
        var isHeader = td.tagName === "TH" && td.parentNode.parentNode !== table.tHead;
        td.classList.add(seen[k] && numeric[k] && !isHeader ? "site-num" : "site-text");
        if (UNBROKEN.test(td.textContent.trim())) {
          td.classList.add("site-nobreak");
        }
      }
    }
  }

  var SHORT_TABLE_ROWS = 15; // a table this short is kept on one printed page

  function alignTables(root) {
    (root || document).querySelectorAll(".jp-RenderedHTMLCommon table").forEach(function (t) {
      alignTable(t);
      if (t.rows.length <= SHORT_TABLE_ROWS) {
        t.classList.add("site-short-table");
      }
    });
  }

  /* On paper: a table wider than the page gets a smaller font, and then may break long
     identifiers, rather than lose its right-hand columns at the margin. */
  function fitTablesToPaper() {
    document.querySelectorAll(".jp-RenderedHTMLCommon table").forEach(function (table) {
      var box = table.parentElement;
      if (box && table.scrollWidth > box.clientWidth + 1) {
        table.classList.add("site-wide-table");
      }
    });
  }

  function unfitTables() {
    document.querySelectorAll("table.site-wide-table").forEach(function (table) {
      table.classList.remove("site-wide-table");
    });
  }

  if (window.matchMedia) {
    var paper = window.matchMedia("print");
    var follow = function () { if (paper.matches) { fitTablesToPaper(); } else { unfitTables(); } };
    if (paper.addEventListener) {
      paper.addEventListener("change", follow);
    }
    window.addEventListener("beforeprint", fitTablesToPaper);
    window.addEventListener("afterprint", unfitTables);
    // On paper nothing can be clicked open: print the folded side roads open, then fold
    // them again.
    window.addEventListener("beforeprint", function () {
      document.querySelectorAll("details:not([open])").forEach(function (fold) {
        fold.setAttribute("open", "");
        fold.setAttribute("data-print-opened", "");
      });
    });
    window.addEventListener("afterprint", function () {
      document.querySelectorAll("details[data-print-opened]").forEach(function (fold) {
        fold.removeAttribute("open");
        fold.removeAttribute("data-print-opened");
      });
    });
    window.addEventListener("load", follow);
  }

  window.siteTables = {alignTables: alignTables, fitTablesToPaper: fitTablesToPaper};
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { alignTables(); });
  } else {
    alignTables();
  }
})();
