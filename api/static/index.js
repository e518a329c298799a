"use strict";
// Submit a job and go to its page; list report runs. Bearer token (if the server
// requires one) is asked once and kept in sessionStorage.
function token() { return sessionStorage.getItem("deepref-token") || ""; }
async function api(path, options = {}) {
  const headers = Object.assign({"Content-Type": "application/json"}, options.headers || {});
  if (token()) headers["Authorization"] = "Bearer " + token();
  const resp = await fetch(path, Object.assign({}, options, {headers}));
  if (resp.status === 401) {
    const t = prompt("This server needs an API token:");
    if (t) { sessionStorage.setItem("deepref-token", t); return api(path, options); }
  }
  const data = await resp.json();
  if (!resp.ok) throw new Error(data.error ? data.error.message : resp.statusText);
  return data;
}
document.getElementById("ask").addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = document.getElementById("error");
  error.hidden = true;
  const options = {};
  const corpus = document.getElementById("corpus").value.trim();
  if (corpus) { options.corpus_dir = corpus; }
  const depth = document.getElementById("depth").value;
  if (depth !== "quick") { options.depth = depth; }
  if (document.getElementById("approve-plan").checked) { options.approve_plan = true; }
  try {
    const job = await api("/v1/jobs", {method: "POST", body: JSON.stringify({
      question: document.getElementById("question").value, options})});
    location.href = job.urls.page;
  } catch (e) { error.textContent = e.message; error.hidden = false; }
});
api("/v1/reports").then((data) => {
  const list = document.getElementById("reports");
  if (!data.reports.length) return;
  list.textContent = "";
  for (const report of data.reports) {
    for (const run of (report.runs || []).slice().reverse()) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = `/reports/${encodeURIComponent(report.name)}/runs/${encodeURIComponent(run.run)}`;
      a.textContent = `${report.title || report.name} — ${run.run} (${run.status})`;
      li.appendChild(a);
      list.appendChild(li);
    }
  }
}).catch(() => {});
