/* The BLEU playground: sentence BLEU in plain JavaScript, with every count shown as you type.
 *
 * window.bleu.sentenceBleu(references, hypothesis, {weights, smoothing}) follows
 * bleu.sentence_bleu (NLTK's rules): modified precisions p_n = sum Count_clip / max(1, sum
 * Count), the brevity penalty against the closest reference length (the shorter on a tie),
 * a weighted geometric mean; without smoothing a zero precision with positive weight gives
 * exactly 0; smoothing is null or NLTK's method 1 (epsilon 0.1 added to a zero numerator)
 * or 4 (the k-th zero precision becomes 1 / (2^k * 5 / ln c) / l_n). No unigram match gives
 * 0 whatever the smoothing. Nothing is loaded from the network.
 *
 * window.bleu.normalise(text) is notebook 02's normalise: lower-case, then the runs of word
 * characters (letters, digits, underscore), punctuation dropped. The page's examples come
 * from data/examples.json, written into the page by the site builder.
 */
(function () {
  "use strict";

  var EPSILON = 0.1; // NLTK's SmoothingFunction(epsilon=0.1)
  var K = 5; // NLTK's SmoothingFunction(k=5)

  function checkTokens(value, name) {
    if (!Array.isArray(value)) {
      throw new TypeError(name + " must be an array of tokens, not " + typeof value);
    }
    value.forEach(function (token, i) {
      if (typeof token !== "string") {
        throw new TypeError(name + "[" + i + "] must be a string token");
      }
    });
    return value;
  }

  function checkArgs(references, hypothesis, options) {
    if (!Array.isArray(references) || references.length === 0) {
      throw new TypeError("references must be a non-empty array of token arrays");
    }
    references.forEach(function (ref, i) { checkTokens(ref, "references[" + i + "]"); });
    checkTokens(hypothesis, "hypothesis");
    options = options || {};
    var weights = options.weights === undefined ? [0.25, 0.25, 0.25, 0.25] : options.weights;
    if (!Array.isArray(weights) || weights.length === 0 ||
        weights.some(function (w) { return typeof w !== "number" || !isFinite(w) || w < 0; })) {
      throw new RangeError("weights must be a non-empty array of finite numbers >= 0");
    }
    var smoothing = options.smoothing === undefined ? null : options.smoothing;
    if (smoothing !== null && smoothing !== 1 && smoothing !== 4) {
      throw new RangeError("smoothing must be null, 1 or 4, not " + String(smoothing));
    }
    return {weights: weights, smoothing: smoothing};
  }

  function ngrams(tokens, n) {
    var out = [];
    for (var i = 0; i + n <= tokens.length; i++) {
      out.push(tokens.slice(i, i + n));
    }
    return out;
  }

  function key(gram) {
    return JSON.stringify(gram);
  }

  function countsOf(tokens, n) {
    var counts = new Map();
    ngrams(tokens, n).forEach(function (gram) {
      var k = key(gram);
      counts.set(k, (counts.get(k) || 0) + 1);
    });
    return counts;
  }

  /* Order n in detail: every distinct n-gram of the hypothesis with Count, Max_Ref_Count and
     Count_clip, and for each position of the hypothesis whether its n-gram is matched,
     clipped (in a reference, but used more often than any one reference has it) or absent. */
  function order(references, hypothesis, n) {
    var hyp = countsOf(hypothesis, n);
    var maxRef = new Map();
    references.forEach(function (ref) {
      countsOf(ref, n).forEach(function (count, k) {
        if (hyp.has(k)) {
          maxRef.set(k, Math.max(maxRef.get(k) || 0, count));
        }
      });
    });
    var rows = [];
    var matches = 0;
    var total = 0;
    hyp.forEach(function (count, k) {
      var ceiling = maxRef.get(k) || 0;
      var clip = Math.min(count, ceiling);
      rows.push({ngram: JSON.parse(k), count: count, maxRef: ceiling, clip: clip});
      matches += clip;
      total += count;
    });
    var used = new Map();
    var status = ngrams(hypothesis, n).map(function (gram) {
      var k = key(gram);
      var ceiling = maxRef.get(k) || 0;
      var seen = (used.get(k) || 0) + 1;
      used.set(k, seen);
      if (ceiling === 0) {
        return "absent";
      }
      return seen <= ceiling ? "matched" : "clipped";
    });
    return {n: n, rows: rows, matches: matches, total: total, denominator: Math.max(1, total),
            status: status};
  }

  function closestRefLength(references, c) {
    var best = null;
    references.forEach(function (ref) {
      var len = ref.length;
      if (best === null || Math.abs(len - c) < Math.abs(best - c) ||
          (Math.abs(len - c) === Math.abs(best - c) && len < best)) {
        best = len;
      }
    });
    return best;
  }

  function brevityPenalty(r, c) {
    if (c > r) {
      return 1;
    }
    if (c === 0) {
      return 0;
    }
    return Math.exp(1 - r / c);
  }

  function smooth(orders, smoothing, c) {
    var k = 1;
    return orders.map(function (o) {
      var p = o.matches / o.denominator;
      if (o.matches !== 0 || smoothing === null) {
        return p;
      }
      if (smoothing === 1) {
        return (o.matches + EPSILON) / o.denominator;
      }
      if (c > 1) { // method 4
        var value = 1 / (Math.pow(2, k) * K / Math.log(c)) / o.denominator;
        k += 1;
        return value;
      }
      return p;
    });
  }

  /* Everything the page shows: orders, c, r, BP, raw and smoothed p_n, BLEU. */
  function explain(references, hypothesis, options) {
    var args = checkArgs(references, hypothesis, options);
    var weights = args.weights;
    var orders = [];
    for (var n = 1; n <= weights.length; n++) {
      orders.push(order(references, hypothesis, n));
    }
    var c = hypothesis.length;
    var r = closestRefLength(references, c);
    var bp = brevityPenalty(r, c);
    var raw = orders.map(function (o) { return o.matches / o.denominator; });
    var smoothed = smooth(orders, args.smoothing, c);
    var score;
    if (orders[0].matches === 0) {
      score = 0; // no unigram match: no higher-order match either
    } else if (args.smoothing === null && weights.some(function (w, i) {
      return w > 0 && smoothed[i] === 0;
    })) {
      score = 0;
    } else {
      var sum = 0;
      weights.forEach(function (w, i) {
        if (smoothed[i] > 0) {
          sum += w * Math.log(smoothed[i]);
        }
      });
      score = bp * Math.exp(sum);
    }
    return {orders: orders, c: c, r: r, bp: bp, precisions: raw, smoothed: smoothed,
            weights: weights, smoothing: args.smoothing, bleu: score};
  }

  function sentenceBleu(references, hypothesis, options) {
    return explain(references, hypothesis, options).bleu;
  }

  function tokenize(text) {
    var trimmed = String(text).trim();
    return trimmed ? trimmed.split(/\s+/) : [];
  }

  /* Notebook 02's normalise, re.findall(r"\w+", text.lower()): Python's \w is a letter, a
     number or the underscore. */
  function normalise(text) {
    return String(text).toLowerCase().match(/[\p{L}\p{N}_]+/gu) || [];
  }

  window.bleu = {sentenceBleu: sentenceBleu, explain: explain, tokenize: tokenize,
                 normalise: normalise};

  // -- the page ------------------------------------------------------------------------------

  /* The words the script writes, in the page's language (<html lang>): English, Korean. */
  var TEXTS = {
    en: {
      typeReference: "Type at least one reference.",
      grams: "-grams",
      none: "none (candidate too short)",
      candidateGrams: "The candidate's n-grams",
      matched: "matched",
      clipped: "clipped (over Max_Ref_Count)",
      absent: "in no reference",
      counts: "Counts",
      countColumns: ["n", "n-gram", "Count", "Max_Ref_Count", "Count_clip"],
      precisionColumns: ["", "clipped / all", "p_n", "smoothed", "weight"],
      noUnigram: "No unigram of the candidate is in a reference.",
      zeroPrecision: "A precision with positive weight is 0, so without smoothing the " +
        "geometric mean is 0: choose a smoothing method to see a score."
    },
    ko: {
      typeReference: "참조 번역을 하나 이상 입력하세요.",
      grams: "-그램",
      none: "없음 (후보 번역이 너무 짧음)",
      candidateGrams: "후보 번역의 n-그램",
      matched: "일치",
      clipped: "클리핑됨 (Max_Ref_Count 초과)",
      absent: "어느 참조 번역에도 없음",
      counts: "카운트",
      countColumns: ["n", "n-그램", "Count", "Max_Ref_Count", "Count_clip"],
      precisionColumns: ["", "클리핑 / 전체", "p_n", "스무딩 후", "가중치"],
      noUnigram: "후보 번역의 유니그램 가운데 참조 번역에 있는 것이 하나도 없습니다.",
      zeroPrecision: "가중치가 양수인 정밀도 하나가 0이므로, 스무딩 없이는 기하 평균이 " +
        "0입니다. 점수를 보려면 스무딩 방법을 고르세요."
    }
  };
  var TEXT = TEXTS[(document.documentElement.lang || "en").slice(0, 2)] || TEXTS.en;

  var WEIGHTS = {
    "uniform4": [0.25, 0.25, 0.25, 0.25],
    "uniform2": [0.5, 0.5],
    "uniform3": [1 / 3, 1 / 3, 1 / 3],
    "unigram": [1]
  };

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === "text") {
        node.textContent = attrs[name];
      } else {
        node.setAttribute(name, attrs[name]);
      }
    });
    (children || []).forEach(function (child) { node.appendChild(child); });
    return node;
  }

  function fmt(x) {
    if (x === 0) {
      return "0";
    }
    return Math.abs(x) < 1e-4 ? x.toExponential(4) : x.toFixed(4);
  }

  function render(root) {
    var split = root.querySelector("#pg-normalise").checked ? normalise : tokenize;
    var refs = Array.prototype.map.call(root.querySelectorAll("textarea.pg-ref"), function (t) {
      return split(t.value);
    }).filter(function (r) { return r.length > 0; });
    var hyp = split(root.querySelector("#pg-candidate").value);
    var weights = WEIGHTS[root.querySelector("#pg-weights").value];
    var smoothingValue = root.querySelector("#pg-smoothing").value;
    var smoothing = smoothingValue === "none" ? null : parseInt(smoothingValue, 10);
    var out = document.getElementById("pg-result");
    var summary = document.getElementById("pg-summary");
    out.textContent = "";
    summary.textContent = "";
    if (refs.length === 0) {
      summary.appendChild(el("p", {"class": "pg-note", text: TEXT.typeReference}));
      document.getElementById("pg-bleu").textContent = "–";
      return;
    }
    var result = explain(refs, hyp, {weights: weights, smoothing: smoothing});

    // the candidate, n-gram by n-gram
    var grams = el("div", {"class": "pg-grams"});
    result.orders.forEach(function (o) {
      var line = el("div", {"class": "pg-line"}, [el("span", {"class": "pg-order",
        text: o.n + TEXT.grams})]);
      if (o.status.length === 0) {
        line.appendChild(el("span", {"class": "pg-none", text: TEXT.none}));
      }
      o.status.forEach(function (status, i) {
        line.appendChild(el("span", {"class": "pg-gram pg-" + status,
          title: status, "data-status": status,
          text: hyp.slice(i, i + o.n).join(" ")}));
      });
      grams.appendChild(line);
    });
    out.appendChild(el("h2", {text: TEXT.candidateGrams}));
    out.appendChild(el("p", {"class": "pg-legend"}, [
      el("span", {"class": "pg-gram pg-matched", text: TEXT.matched}),
      el("span", {"class": "pg-gram pg-clipped", text: TEXT.clipped}),
      el("span", {"class": "pg-gram pg-absent", text: TEXT.absent})
    ]));
    out.appendChild(grams);

    // counts
    out.appendChild(el("h2", {text: TEXT.counts}));
    var counts = el("table", {"class": "pg-table", id: "pg-counts"}, [
      el("thead", {}, [el("tr", {}, TEXT.countColumns
        .map(function (h, i) { return el("th", {"class": i > 1 ? "num" : "", text: h}); }))])
    ]);
    var body = el("tbody");
    result.orders.forEach(function (o) {
      o.rows.forEach(function (row) {
        body.appendChild(el("tr", {"class": row.clip < row.count ? "pg-row-clipped" : ""}, [
          el("td", {"class": "num", text: String(o.n)}),
          el("td", {text: row.ngram.join(" ")}),
          el("td", {"class": "num", text: String(row.count)}),
          el("td", {"class": "num", text: String(row.maxRef)}),
          el("td", {"class": "num", text: String(row.clip)})
        ]));
      });
    });
    counts.appendChild(body);
    out.appendChild(counts);

    // precisions and the score, beside the inputs
    var table = el("table", {"class": "pg-table", id: "pg-precisions"}, [
      el("thead", {}, [el("tr", {}, TEXT.precisionColumns
        .map(function (h, i) { return el("th", {"class": i > 0 ? "num" : "", text: h}); }))])
    ]);
    var tbody = el("tbody");
    result.orders.forEach(function (o, i) {
      tbody.appendChild(el("tr", {}, [
        el("th", {text: "p" + o.n, scope: "row"}),
        el("td", {"class": "num", id: "pg-f" + o.n, text: o.matches + "/" + o.denominator}),
        el("td", {"class": "num", id: "pg-p" + o.n, text: fmt(result.precisions[i])}),
        el("td", {"class": "num", text: fmt(result.smoothed[i])}),
        el("td", {"class": "num", text: fmt(result.weights[i])})
      ]));
    });
    table.appendChild(tbody);
    summary.appendChild(table);
    var facts = el("dl", {"class": "pg-facts"});
    [["c, r", result.c + ", " + result.r, "pg-cr"],
     ["BP" + (result.c > result.r ? " (c > r)" : result.c === 0 ? " (c = 0)" :
       " = exp(1 − r/c)"), fmt(result.bp), "pg-bp"]]
      .forEach(function (fact) {
        facts.appendChild(el("dt", {text: fact[0]}));
        facts.appendChild(el("dd", {id: fact[2], text: fact[1]}));
      });
    summary.appendChild(facts);
    var hidden = el("span", {hidden: "hidden"}, [
      el("span", {id: "pg-c", text: String(result.c)}),
      el("span", {id: "pg-r", text: String(result.r)}),
      el("span", {id: "pg-score", text: fmt(result.bleu)})
    ]);
    summary.appendChild(hidden);
    var why = "";
    if (result.bleu === 0 && result.c > 0) {
      why = result.orders[0].matches === 0 ? TEXT.noUnigram :
        result.smoothing === null ? TEXT.zeroPrecision : "";
    }
    if (why) {
      summary.appendChild(el("p", {"class": "pg-note", id: "pg-why", text: why}));
    }
    document.getElementById("pg-bleu").textContent = fmt(result.bleu);
    document.getElementById("pg-bleu").setAttribute("data-value", String(result.bleu));
  }

  /* Load the Korean and Chinese fonts at once, not when the first character is typed: text
     typed into a textarea before its font has loaded stays drawn as empty boxes. When they
     are in, the boxes are drawn again. */
  function loadTypedFonts(root) {
    if (!document.fonts || !document.fonts.load) {
      return;
    }
    Promise.all([
      document.fonts.load('24px "BLEU Playground KR"', "\uD55C"),
      document.fonts.load('24px "BLEU Playground SC"', "\u4E2D")
    ]).then(function () {
      root.classList.add("pg-fonts-ready");
    }, function () { /* a missing font file leaves the system's fonts */ });
  }

  /* One button per example of the notebooks (data/examples.json): it fills the boxes and sets
     the normalise switch the notebooks use for that example. */
  function addExamples(root, update) {
    var data = document.getElementById("pg-examples-data");
    var holder = document.getElementById("pg-examples");
    var examples = data ? JSON.parse(data.textContent) : [];
    examples.forEach(function (example, i) {
      var button = el("button", {type: "button", "class": "pg-example",
        "data-example": String(i), title: example.title, text: example.label});
      button.addEventListener("click", function () {
        var boxes = root.querySelectorAll("textarea.pg-ref");
        Array.prototype.forEach.call(boxes, function (box, j) {
          box.value = example.references[j] || "";
        });
        root.querySelector("#pg-candidate").value = example.candidate;
        root.querySelector("#pg-normalise").checked = Boolean(example.normalise);
        update();
      });
      holder.appendChild(button);
    });
  }

  function setUp() {
    var root = document.getElementById("playground");
    if (!root) {
      return;
    }
    var update = function () { render(root); };
    loadTypedFonts(root);
    addExamples(root, update);
    root.addEventListener("input", update);
    root.addEventListener("change", update);
    update();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
