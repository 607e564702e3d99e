// winbench's latency histograms read by HdrHistogram's own JavaScript port (hdr-histogram-js,
// from the npm registry: a test-time tool only), an outside truth for the encoding:
//   node hdr_check.js MODULE_DIR LOG CSV PREFIX
// reads LOG (--hlog) with HistogramLogReader and each CSV rep row's latency_hdr cell with
// decodeFromCompressedBase64, and checks that both give the percentiles winbench wrote in the
// row (PREFIX_p50_us ... PREFIX_p999_us; stalls' gap_p50_us and gap_p99_us) within the histograms' stated precision (2 significant
// digits: 1%), the row's sample count, and the tag its variant. Prints what differs; exit 1.
"use strict";
const fs = require("fs");
const [moduleDir, logPath, csvPath, prefix] = process.argv.slice(2);
const hdr = require(moduleDir + "/hdr-histogram-js");

function parseCsv(text) {   // RFC 4180, enough for winbench's rows
  const rows = [];
  let row = [], cell = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { row.push(cell); cell = ""; }
    else if (c === "\n") { row.push(cell.replace(/\r$/, "")); rows.push(row); row = []; cell = ""; }
    else cell += c;
  }
  const head = rows.shift();
  return rows.map(r => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}

const reps = parseCsv(fs.readFileSync(csvPath, "latin1")).filter(r => r.row === "rep");
const reader = new hdr.HistogramLogReader(fs.readFileSync(logPath, "utf8"));
const logged = [];
for (let h; (h = reader.nextIntervalHistogram()) !== null;) logged.push(h);
let failed = 0, checked = 0;
const fail = msg => { console.log("hdr: " + msg); failed++; };
if (logged.length !== reps.length) fail(`${logged.length} histograms in the log, ${reps.length} rep rows in the CSV`);
reps.forEach((row, i) => {
  const fromCell = hdr.decodeFromCompressedBase64(row.latency_hdr);
  const fromLog = logged[i];
  const count = Number(row[{ lat: "received", late: "wakes", gap: "gaps" }[prefix]]);
  // stalls' rows give a gap's p50 and p99 (and its longest), the others p50 to p99.9
  const percentiles = prefix === "gap" ? [[50, "p50"], [99, "p99"]] : [[50, "p50"], [90, "p90"], [99, "p99"], [99.9, "p999"]];
  for (const [what, h] of [["the log's", fromLog], ["the cell's", fromCell]]) {
    if (!h) continue;
    if (h.totalCount !== count) fail(`rep row ${i + 1}: ${what} histogram holds ${h.totalCount} samples, the row ${count}`);
    for (const [p, col] of percentiles) {
      const js = h.getValueAtPercentile(p), ours = Number(row[`${prefix}_${col}_us`]) * 1000;
      checked++;
      if (!(Math.abs(js - ours) <= 0.01 * ours + 1))
        fail(`rep row ${i + 1}: ${what} p${p} is ${js} ns in hdr-histogram-js, ${ours} ns in the CSV`);
    }
  }
  if (fromLog && row.loop !== undefined && fromLog.tag !== row.loop) fail(`rep row ${i + 1}: tag ${fromLog.tag}, loop ${row.loop}`);
});
console.log(`hdr: ${reps.length} repetitions, ${checked} percentiles compared, ${failed} differ`);
process.exit(failed ? 1 : 0);
