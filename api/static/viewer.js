"use strict";
// The job and report viewer: live progress from the event stream, the answer with
// clickable footnotes, and the quoted passage highlighted inside its source text.
const STAGES = ["queued", "searching", "fetching", "chunking", "generating", "referencing", "done"];
// a standard/deep job's states: rounds of research, then the sectioned report (after
// the approval of its plan, with options.approve_plan)
const DEEP_STAGES = ["queued", "awaiting_approval", "researching", "writing", "done"];
const POLL_MS = 3000;  // a stalled job sends no event: its record is read this often
const FINAL = ["done", "failed", "cancelled"];
const $ = (id) => document.getElementById(id);

function token() { return sessionStorage.getItem("deepref-token") || ""; }
async function api(path, init = {}) {
  const headers = Object.assign(token() ? {"Authorization": "Bearer " + token()} : {}, init.headers || {});
  const resp = await fetch(path, Object.assign({}, init, {headers}));
  if (resp.status === 401) {
    const t = prompt("This server needs an API token:");
    if (t) { sessionStorage.setItem("deepref-token", t); return api(path, init); }
  }
  const data = await resp.json();
  if (!resp.ok) throw new Error(data.error ? data.error.message : resp.statusText);
  return data;
}
function showError(message) { $("error").textContent = message; $("error").hidden = false; }
function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}
// Only web links: a source URL is untrusted text (a file: link would not open from here anyway).
// the server says which links are safe (reference/html.py safe_url): one rule, not two
function safeUrl(ref) { return ref.href || "#"; }
const REL = "noopener noreferrer nofollow";

function renderProgress(state, progress, message, deep = false) {
  $("progress").hidden = false;
  $("bar-fill").style.width = Math.round((progress || 0) * 100) + "%";
  const list = $("stages");
  list.textContent = "";
  // deep: "plan" for a job with approve_plan, whose stages include the wait for approval
  const stages = deep ? DEEP_STAGES.filter((s) => deep === "plan" || s !== "awaiting_approval") : STAGES;
  const reached = stages.indexOf(state);
  stages.forEach((stage, i) => {
    const li = el("li", {"class": i < reached ? "done" : i === reached ? "current" : ""}, stage);
    list.appendChild(li);
  });
  $("progress-message").textContent = message || "";
}

const fmt = (n) => Number(n || 0).toLocaleString("en");
const plural = (n, one, many) => `${fmt(n)} ${n === 1 ? one : many || one + "s"}`;

// Whether a running job stalled: the API says so (with the stage) when the running
// stage went quiet for longer than it may. (The message carries a deep job's counts.)
function renderRunning(job) {
  const stalled = $("stalled");
  stalled.hidden = !job.stalled;
  $("progress").classList.toggle("is-stalled", Boolean(job.stalled));
  if (job.stalled) {
    const [stage, ...rest] = job.stalled.split(": ");
    stalled.textContent = `Stalled in ${stage}: ${rest.join(": ")}`;
  }
}

function pickReference(refs, n, markerStart) {
  const same = refs.filter((r) => r.n === n);
  let best = same[0];
  let bestGap = Infinity;
  for (const r of same) {
    const gap = Math.abs(markerStart - r.answer_span[1]);
    if (r.answer_span[0] <= markerStart && gap < bestGap) { best = r; bestGap = gap; }
  }
  return best;
}

function showReference(ref) {
  if (!ref) return;
  const title = $("panel-title");
  title.textContent = ref.title || ref.url;
  title.href = safeUrl(ref);
  $("panel-date").textContent = ref.date ? ref.date : "";
  const flag = noticeNode(ref);
  if (flag) { $("panel-date").appendChild(document.createTextNode(" ")); $("panel-date").appendChild(flag); }
  const score = $("panel-score");
  score.textContent = "";
  if (typeof ref.support === "number") {
    // the support model's probability that the quote supports the claim
    const level = ref.support >= 0.8 ? "strong" : ref.support >= 0.5 ? "partial" : "weak";
    score.appendChild(el("span", {"class": "badge badge-" + level, "title": "support " + ref.support.toFixed(2)}, level));
    score.appendChild(document.createTextNode(" support " + ref.support.toFixed(2) + " · "));
  }
  score.appendChild(document.createTextNode("score " + Number(ref.score).toFixed(2)));
  $("panel-supported").textContent = ref.supported === false ? "· not supported" : ref.origin === "model" ? "· cited by the model, verified" : "· found by attribution";
  // a second opinion (verify_with_model): the chat model's verdict and its reason
  $("panel-judged").textContent = ref.judged_by ? `· judged ${ref.verdict === "full" ? "supported" : ref.verdict === "partial" ? "partly supported" : "unsupported"} by ${ref.judged_by}${ref.verdict_reason ? ": " + ref.verdict_reason : ""}` : "";
  $("panel-url").textContent = ref.url + (ref.locator && ref.locator.text ? " · " + ref.locator.text : "");
  const box = $("panel-context");
  box.textContent = "";
  const ctx = ref.context || ref.quote;
  const [s, e] = ref.context ? ref.context_quote_span : [0, ref.quote.length];
  box.appendChild(document.createTextNode((s > 0 ? "…" : "") + ctx.slice(0, s)));
  box.appendChild(el("mark", {}, ctx.slice(s, e)));
  box.appendChild(document.createTextNode(ctx.slice(e) + (e < ctx.length ? "" : "")));
  $("panel").hidden = false;
}

// Right-to-left scripts: the answer is laid out right to left; quotes and drafts take
// the direction of their own first letters (a quote keeps its source's language).
const RTL = new Set(["ar", "fa", "he", "ur"]);
function textDirection(language) { return RTL.has(language) ? "rtl" : "auto"; }

function renderAnswer(container, html, refs, markers, language = "") {
  const div = el("div", {"class": "answer", "dir": textDirection(language)});
  if (language) div.setAttribute("lang", language);
  div.innerHTML = html;  // server-rendered by markdown-it: raw HTML escaped, no image, safe links only
  const sorted = (markers || []).slice().sort((a, b) => a[0] - b[0]);
  div.querySelectorAll("sup.fn a").forEach((a) => {
    a.addEventListener("click", (event) => {
      event.preventDefault();
      const i = Number(a.dataset.i);
      const start = sorted[i] ? sorted[i][0] : 0;
      showReference(pickReference(refs, Number(a.dataset.n), start));
    });
  });
  container.appendChild(div);
}

// "p. 17", "slide 4", "§ Methods › Sampling" beside a quote; a PDF page links to that
// page (#page=, which browsers' PDF viewers open) when the source link is one we show
function locatorNode(ref) {
  const loc = ref.locator;
  if (!loc || !loc.text) return null;
  const href = safeUrl(ref);
  if (loc.kind === "page" && href !== "#" && loc.first > 0) {
    return el("a", {"class": "locator", "href": `${href.split("#")[0]}#page=${loc.first}`, "target": "_blank", "rel": REL}, loc.text);
  }
  return el("span", {"class": "locator"}, loc.text);
}

// A retracted, withdrawn or corrected work (references[].notice, from its index) is
// flagged beside its title and in the reference panel: a reader must see it first.
function noticeNode(ref) {
  if (!ref.notice) return null;
  return el("span", {"class": "badge badge-notice badge-" + ref.notice.replace(/ /g, "-"), "title": `This work was ${ref.notice}, as its index reports`}, ref.notice);
}

function renderReferences(refs) {
  const list = $("references");
  list.textContent = "";
  const byN = new Map();
  for (const r of refs) { if (!byN.has(r.n)) byN.set(r.n, []); byN.get(r.n).push(r); }
  for (const [n, group] of [...byN.entries()].sort((a, b) => a[0] - b[0])) {
    const li = el("li", {"id": "ref-" + n, "value": String(n)});
    const a = el("a", {"href": safeUrl(group[0]), "target": "_blank", "rel": REL},
                 group[0].title || group[0].url);
    li.appendChild(a);
    const flag = noticeNode(group[0]);
    if (flag) li.appendChild(flag);
    const shown = new Set();
    for (const r of group) {
      if (shown.has(r.quote)) continue;  // several claims may rest on one passage
      shown.add(r.quote);
      const q = el("blockquote", {"class": "quote", "dir": "auto"}, r.quote);
      q.addEventListener("click", () => showReference(r));
      li.appendChild(q);
      const where = locatorNode(r);
      if (where) li.appendChild(where);
    }
    list.appendChild(li);
  }
  $("references-section").hidden = refs.length === 0;
}

// The write-up as it is written (docs/api.md, "The write-up as it is written"):
// `draft` events, then one `answer` event whose edits make the draft the stored
// answer. Offsets and lengths count code points (the worker's Python len), not
// JavaScript's UTF-16 units, so the draft is kept as an array of code points.
class Draft {
  constructor() { this.chars = []; this.answer = null; this.broken = null; }
  get text() { return this.answer !== null ? this.answer : this.chars.join(""); }
  piece(offset, text) {
    if (offset > this.chars.length) this.broken = `a piece at ${offset} after only ${this.chars.length} characters`;
    if (offset < this.chars.length) this.chars.length = offset;
    for (const ch of text) this.chars.push(ch);
    if (offset === 0) { this.broken = null; this.answer = null; }  // a new attempt
  }
  // The verified answer, or null (and `broken` says why): then the stored result is what counts.
  edit({edits, draft_chars, chars}) {
    if (this.broken === null && draft_chars !== this.chars.length) {
      this.broken = `the edits are against ${draft_chars} characters, not ${this.chars.length}`;
    }
    if (this.broken !== null) return null;
    const out = [];
    let at = 0;
    for (const [start, end, text] of edits) {
      if (!(at <= start && start <= end && end <= this.chars.length)) { this.broken = `edit [${start}, ${end}] does not fit`; return null; }
      out.push(this.chars.slice(at, start).join(""), text);
      at = end;
    }
    out.push(this.chars.slice(at).join(""));
    const answer = out.join("");
    if ([...answer].length !== chars) { this.broken = `the edited draft is not ${chars} characters`; return null; }
    this.answer = answer;
    return answer;
  }
}

async function sha256Hex(text) {
  if (!(window.crypto && crypto.subtle)) return null;  // not a secure context: the length check stands alone
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The model's words, shown as text until the stored answer (with its footnotes) replaces them.
function renderDraft(draft, state, note) {
  $("draft-section").hidden = false;
  const box = $("draft");
  box.dataset.state = state;
  box.setAttribute("dir", "auto");
  box.textContent = draft.text;
  $("draft-note").textContent = note;
}
const DRAFT_NOTE = "The model's text as it is written: its citations are checked once it is finished.";

// A standard/deep job's rounds, each summed up as soon as it is done, from the state
// events' messages ("round 2 of 4: searching 3 queries for '…' (14 pages, 12 sources,
// 5210 tokens so far)", then "round 2 of 4 done; stopping: …"); once the job is done
// its stored rounds replace them.
const ROUND_MESSAGE = /^round (\d+) of (\d+)(: | done)(.*?)(?: \((\d+) pages, (\d+) sources, (\d+) tokens so far\))?$/s;
class LiveRounds {
  constructor() { this.rounds = new Map(); }
  // true when a round has just finished
  message(text) {
    const m = ROUND_MESSAGE.exec(text || "");
    if (!m) return false;
    const n = Number(m[1]);
    if (!this.rounds.has(n)) this.rounds.set(n, {n, of: Number(m[2]), steps: [], done: false});
    const round = this.rounds.get(n);
    const counts = m[5] === undefined ? null : {pages: Number(m[5]), sources: Number(m[6]), tokens: Number(m[7])};
    if (m[3] === ": ") {
      const step = m[4].startsWith("resumed") ? m[4] : m[4].replace(/^(planning queries)$/, "");
      if (step && !round.steps.includes(step)) round.steps.push(step);
      if (counts) round.before = round.before || counts;
      return false;
    }
    const finished = !round.done;
    round.done = true;
    round.after = counts;
    round.stop = m[4].startsWith("; stopping: ") ? m[4].slice("; stopping: ".length) : "";
    return finished;
  }
  render() {
    const list = $("live-rounds");
    list.textContent = "";
    let previous = {pages: 0, sources: 0, tokens: 0};
    for (const r of [...this.rounds.values()].sort((a, b) => a.n - b.n)) {
      const after = r.after || r.before || previous;
      if (!r.done) { previous = after; continue; }
      const li = el("li", {"class": "round", "value": String(r.n)});
      li.appendChild(el("h4", {}, `Round ${r.n} of ${r.of}: ${plural(after.pages - previous.pages, "page")}, ` +
        `${plural(after.sources - previous.sources, "new source")}, ${plural(after.tokens - previous.tokens, "token")}`));
      for (const step of r.steps) li.appendChild(el("p", {"class": "step"}, step));
      li.appendChild(el("p", {"class": "counts"}, `So far: ${plural(after.pages, "page")}, ` +
        `${plural(after.sources, "source")}, ${plural(after.tokens, "token")}`));
      if (r.stop) li.appendChild(el("p", {"class": "stop"}, "No further round: " + r.stop));
      list.appendChild(li);
      previous = after;
    }
    $("live-rounds-section").hidden = list.children.length === 0;
  }
}

function hideLive() {
  $("draft-section").hidden = true;
  $("draft").textContent = "";
  $("live-rounds-section").hidden = true;
  $("live-rounds").textContent = "";
}

let watching = null;  // the running job's event stream and poll timer
function stopWatching() {
  if (!watching) return;
  watching.source.close();
  clearInterval(watching.timer);
  watching = null;
}

const END_GRACE_MS = 2000;  // how long a finished record waits for the events stream to show the end
let generation = 0;  // the last showJob call renders; an earlier one still loading gives way
async function showJob(id) {
  stopWatching();
  const mine = ++generation;
  const job = await api(`/v1/jobs/${encodeURIComponent(id)}`);
  if (mine !== generation) return;
  const deep = job.options && job.options.depth && job.options.depth !== "quick" ? (job.options.approve_plan ? "plan" : true) : false;
  $("subtitle").textContent = job.question;
  document.title = "deepref — " + job.question;
  hideLive();
  if (job.state === "failed") { renderProgress(job.state, job.progress, "", deep); showError(`Failed in ${job.error ? job.error.stage : "?"}: ${job.error ? job.error.message : job.message}`); return; }
  if (job.state === "cancelled") { showError("This job was cancelled."); return; }
  $("plan-section").hidden = true;
  if (job.state === "awaiting_approval") { renderProgress(job.state, job.progress, job.message, deep); showPlan(id, job.plan); return; }
  if (job.state !== "done") {
    renderProgress(job.state, job.progress, job.message, deep);
    renderRunning(job);
    // urls.events carries a short-lived token for this job's stream only, when the
    // server has a token (EventSource cannot send an Authorization header)
    const source = new EventSource(job.urls.events);
    // events stop when a stage stalls: the record says so, so read it now and then
    const timer = setInterval(() => {
      api(`/v1/jobs/${encodeURIComponent(id)}`).then((fresh) => {
        if (mine !== generation) return;
        // the events stream brings the end itself, after the answer's last events (the
        // API reads them every half second): the record only stands in if it does not
        if (FINAL.includes(fresh.state)) { setTimeout(() => { if (mine === generation) showJob(id); }, END_GRACE_MS); return; }
        if (fresh.state === "awaiting_approval") { showJob(id); return; }
        renderProgress(fresh.state, fresh.progress, fresh.message, deep);
        renderRunning(fresh);
      }).catch(() => {});
    }, POLL_MS);
    watching = {source, timer};
    // the stream starts from the job's first event: the draft and rounds are rebuilt whole
    const draft = new Draft();
    const rounds = new LiveRounds();
    source.addEventListener("state", (event) => {
      const data = JSON.parse(event.data);
      renderProgress(data.state, Number(data.progress), data.message, deep);
      $("stalled").hidden = true;  // a new event: the stage is alive
      $("progress").classList.remove("is-stalled");
      if (deep && rounds.message(data.message)) rounds.render();
      if (FINAL.includes(data.state) || data.state === "awaiting_approval") showJob(id);  // the end, or the plan
    });
    source.addEventListener("draft", (event) => {
      const data = JSON.parse(event.data);
      draft.piece(Number(data.offset), String(data.text));
      renderDraft(draft, "draft", DRAFT_NOTE);
    });
    source.addEventListener("answer", (event) => {
      const data = JSON.parse(event.data);
      const answer = draft.edit(data);
      if (answer === null) {  // a piece was missed: the stored answer comes with the job's end
        renderDraft(draft, "broken", "Citations checked; the answer with its footnotes follows when the job ends.");
        return;
      }
      renderDraft(draft, "verified", "Citations checked; the footnotes follow when the job ends.");
      sha256Hex(answer).then((hex) => {
        if (hex !== null && hex !== data.sha256 && draft.answer === answer) {
          draft.answer = null;
          draft.broken = "the edited draft is not the announced answer";
          renderDraft(draft, "broken", "Citations checked; the answer with its footnotes follows when the job ends.");
        }
      }).catch(() => {});
    });
    source.onerror = () => { stopWatching(); setTimeout(() => showJob(id), 1000); };
    return;
  }
  renderProgress("done", 1, "", deep);
  $("progress").classList.add("finished");
  const result = job.result;
  const content = $("content");
  content.textContent = "";
  if (result.answer_mode === "extractive") content.appendChild(el("p", {"class": "note"}, "Extractive answer: no LLM is configured, so these are sentences quoted from the sources."));
  if (result.followup) renderThread(result.followup, content);
  renderAnswer(content, result.answer_html, result.references, result.markers, result.language);
  // a follow-up: the thread's one reference list, numbered alike across its answers
  renderReferences(result.followup ? result.followup.references : result.references);
  showDownloads(id);
  showFollowupForm(id);
  if (result.deep) renderResearch(result.deep, content);
  if (result.failures.length) {
    const details = el("details", {"class": "failures"});
    details.appendChild(el("summary", {}, `${result.failures.length} page(s) could not be used`));
    for (const f of result.failures) details.appendChild(el("p", {}, `${f.url} — ${f.stage}: ${f.reason}`));
    content.appendChild(details);
  }
}

// A plan to approve (options.approve_plan): the planner's sub-questions, first searches
// and sections, each editable one a line, and its clarifying questions with a box for
// the answer; approving saves the plan (POST …/plan) and resumes the job (POST …/approve).
const lines = (id) => $(id).value.split("\n").map((l) => l.trim()).filter(Boolean);
function showPlan(id, plan) {
  $("plan-section").hidden = false;
  const until = new Date(plan.expires_at * 1000).toLocaleString();
  $("plan-note").textContent = `This job waits for your approval until ${until}; edit the plan, then approve it.`;
  const warnings = $("plan-warnings");
  warnings.textContent = "";
  for (const w of plan.warnings || []) warnings.appendChild(el("li", {}, w));
  $("plan-sub").value = plan.sub_questions.join("\n");
  $("plan-queries").value = plan.queries.join("\n");
  $("plan-outline").value = plan.outline.join("\n");
  const asked = $("plan-clarifications");
  asked.textContent = "";
  plan.clarifications.forEach((c, i) => {
    asked.appendChild(el("label", {"for": "plan-answer-" + i}, c.question));
    const input = el("input", {"id": "plan-answer-" + i, "class": "plan-answer", "type": "text"});
    input.value = c.answer || "";
    input.dataset.question = c.question;
    asked.appendChild(input);
  });
  $("plan-form").onsubmit = async (event) => {
    event.preventDefault();
    $("plan-approve").disabled = true;
    const edited = {
      sub_questions: lines("plan-sub"),
      queries: lines("plan-queries"),
      outline: lines("plan-outline"),
      clarifications: [...document.querySelectorAll(".plan-answer")].map((input) => ({question: input.dataset.question, answer: input.value.trim()})),
    };
    const path = `/v1/jobs/${encodeURIComponent(id)}`;
    try {
      await api(path + "/plan", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(edited)});
      await api(path + "/approve", {method: "POST"});
      $("error").hidden = true;
      showJob(id);
    } catch (e) { showError("The plan was not approved: " + e.message); }
    finally { $("plan-approve").disabled = false; }
  };
}

// Follow-up questions (POST /v1/jobs/{id}/followups): a follow-up shows the earlier
// questions and answers of its thread above its own and says whether it searched; a
// box under every finished answer asks the next question and opens its job.
function renderThread(followup, content) {
  const list = $("thread");
  list.textContent = "";
  for (const turn of followup.turns) {
    const item = el("li");
    const link = el("a", {"href": "/jobs/" + encodeURIComponent(turn.job_id)}, turn.question);
    item.appendChild(el("h3")).appendChild(link);
    item.appendChild(el("p", {"class": "turn-answer"}, turn.answer));
    list.appendChild(item);
  }
  $("thread-section").hidden = !followup.turns.length;
  content.appendChild(el("p", {"class": "note followup-note"}, followup.note));
}

function showFollowupForm(id) {
  const form = $("followup-form");
  form.hidden = false;
  form.onsubmit = async (event) => {
    event.preventDefault();
    const question = $("followup-question").value.trim();
    if (!question) return;
    $("followup-ask").disabled = true;
    try {
      const created = await api(`/v1/jobs/${encodeURIComponent(id)}/followups`, {
        method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({question}),
      });
      window.location.href = created.urls.page;
    } catch (e) { showError("The follow-up was not asked: " + e.message); }
    finally { $("followup-ask").disabled = false; }
  };
}

// The finished answer as PDF and DOCX (GET /v1/jobs/{id}/report). The file is fetched
// with the token, when the server has one, and handed to the browser as a blob: a
// plain link cannot send an Authorization header. A refusal (501 without the export
// extra) is shown as the API words it.
function showDownloads(id) {
  for (const link of [$("download-pdf"), $("download-docx")]) {
    const fmt = link.dataset.format;
    link.href = `/v1/jobs/${encodeURIComponent(id)}/report?format=${fmt}`;
    link.setAttribute("download", `deepref-${id}.${fmt}`);
    link.onclick = async (event) => {
      event.preventDefault();
      try {
        const resp = await fetch(link.href, {headers: token() ? {"Authorization": "Bearer " + token()} : {}});
        if (!resp.ok) {
          const data = await resp.json().catch(() => ({}));
          throw new Error(data.error ? data.error.message : resp.statusText);
        }
        const url = URL.createObjectURL(await resp.blob());
        const save = el("a", {"href": url, "download": link.getAttribute("download")});
        document.body.appendChild(save);
        save.click();
        save.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10000);
      } catch (e) { showError(`${fmt.toUpperCase()} download failed: ${e.message}`); }
    };
  }
  $("downloads").hidden = false;
}

// A standard/deep job: the report's outline (linked to its sections), then how it
// was researched.
function renderResearch(deep, content) {
  const outline = $("outline");
  outline.textContent = "";
  const headings = [...content.querySelectorAll(".answer h2")];
  deep.outline.forEach((title, i) => {
    const heading = headings.find((h) => h.textContent.trim() === title.trim() && !h.id);
    const li = el("li");
    if (heading) {
      heading.id = "section-" + (i + 1);
      li.appendChild(el("a", {"href": "#" + heading.id}, title));
    } else {
      li.textContent = title;
    }
    outline.appendChild(li);
  });
  $("outline-section").hidden = deep.outline.length === 0;
  const body = $("research-body");
  body.textContent = "";
  body.appendChild(researchDetails(deep));
  $("research").hidden = false;
}

// What a standard/deep job spent against its budget and estimate, and each round:
// why it was needed, what it asked and read, what was still missing after it.
function researchDetails(deep) {
  const box = el("div", {"class": "research"});
  const spent = deep.spent || {}, budget = deep.budget || {}, estimate = deep.estimate || {};
  box.appendChild(el("p", {"class": "research-summary"}, `${deep.depth} research: ${plural(deep.rounds.length, "round")}` +
    (deep.stop_reason ? `; stopped because: ${deep.stop_reason}` : "")));
  box.appendChild(el("h3", {}, "Spend"));
  const table = el("table", {"class": "spend"});
  const head = el("tr");
  for (const name of ["", "spent", "budget", "estimate"]) head.appendChild(el("th", {}, name));
  table.appendChild(el("thead")).appendChild(head);
  const rows = table.appendChild(el("tbody"));
  const row = (name, used, limit, expected, cls) => {
    const tr = el("tr", {"class": cls});
    tr.appendChild(el("th", {"scope": "row"}, name));
    tr.appendChild(el("td", {}, used));
    tr.appendChild(el("td", {}, limit === undefined ? "" : fmt(limit)));
    tr.appendChild(el("td", {}, expected === undefined ? "" : fmt(expected)));
    rows.appendChild(tr);
  };
  row("rounds", fmt(spent.rounds), budget.rounds, undefined, "spend-rounds");
  row("pages", fmt(spent.pages), budget.pages, estimate.pages, "spend-pages");
  row("tokens", `${fmt(spent.tokens)} (${fmt(spent.prompt_tokens)} prompt, ${fmt(spent.completion_tokens)} completion)`,
      budget.tokens, estimate.tokens, "spend-tokens");
  if (spent.report_tokens !== undefined) row("of which the report", fmt(spent.report_tokens), undefined, undefined, "spend-report");
  row("seconds", Number(spent.seconds || 0).toFixed(1), budget.seconds, undefined, "spend-seconds");
  if (spent.cost !== undefined) {  // US dollars: spent, the budget's, the most expected
    const dollars = (x) => (x === undefined || x === null ? "" : "$" + Number(x).toFixed(4));
    const tr = el("tr", {"class": "spend-cost"});
    tr.appendChild(el("th", {"scope": "row"}, "cost"));
    for (const x of [spent.cost, budget.cost, estimate.cost]) tr.appendChild(el("td", {}, dollars(x)));
    rows.appendChild(tr);
  }
  box.appendChild(table);

  box.appendChild(el("h3", {}, "Rounds"));
  const list = el("ol", {"class": "rounds"});
  for (const given of deep.rounds) {
    // every field of the result's RoundOut, defaults for any an older run lacks
    const r = Object.assign({why: "", queries: [], gaps: [], pages_fetched: 0, new_sources: 0, duplicates: 0,
                             findings: 0, prompt_tokens: 0, completion_tokens: 0, seconds: 0}, given);
    const li = el("li", {"class": "round", "value": String(r.n)});
    li.appendChild(el("h4", {}, `Round ${r.n}: ${Number(r.seconds).toFixed(r.seconds < 10 ? 2 : 1)} s, ` +
      `${fmt(r.prompt_tokens + r.completion_tokens)} tokens (${fmt(r.prompt_tokens)} prompt, ${fmt(r.completion_tokens)} completion)`));
    if (r.why) li.appendChild(el("p", {"class": "why"}, "Why: " + r.why));
    if (r.queries.length) {
      li.appendChild(el("p", {}, "Searched:"));
      const ul = el("ul", {"class": "queries"});
      for (const q of r.queries) ul.appendChild(el("li", {}, q));
      li.appendChild(ul);
    }
    li.appendChild(el("p", {"class": "pages"}, `${plural(r.pages_fetched, "page")} read, ` +
      `${plural(r.new_sources, "new source")}, ${plural(r.duplicates, "duplicate")}, ${plural(r.findings, "finding")}`));
    if (r.gaps.length) {
      li.appendChild(el("p", {}, "Still missing after it:"));
      const ul = el("ul", {"class": "gaps"});
      for (const g of r.gaps) ul.appendChild(el("li", {}, g));
      li.appendChild(ul);
    }
    if (r.stop_reason) li.appendChild(el("p", {"class": "stop"}, "No further round: " + r.stop_reason));
    list.appendChild(li);
  }
  box.appendChild(list);
  return box;
}

async function showReport(name, run) {
  const report = await api(`/v1/reports/${encodeURIComponent(name)}/runs/${encodeURIComponent(run)}`);
  $("subtitle").textContent = `${report.title} — ${report.run}`;
  const content = $("content");
  content.textContent = "";
  content.appendChild(el("h1", {}, report.title));
  if (report.summary) content.appendChild(el("p", {"class": "summary"}, report.summary));
  for (const section of report.sections) {
    content.appendChild(el("h2", {}, section.question));
    if (section.status !== "done") { content.appendChild(el("p", {"class": "error"}, `Failed: ${section.error}`)); continue; }
    renderAnswer(content, section.answer_html, section.references, section.markers, section.result && section.result.language);
    const deep = section.result && section.result.deep;
    if (deep) {  // a report whose questions were researched in rounds
      const details = el("details", {"class": "section-research"});
      details.appendChild(el("summary", {}, `How this section was researched: ${plural(deep.rounds.length, "round")}, ` +
        `${plural((deep.spent || {}).pages, "page")}, ${plural((deep.spent || {}).tokens, "token")}`));
      details.appendChild(researchDetails(deep));
      content.appendChild(details);
    }
  }
  renderReferences(report.references);
}

$("panel-close").addEventListener("click", () => { $("panel").hidden = true; });
const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
(parts[0] === "jobs" ? showJob(parts[1]) : showReport(parts[1], parts[3])).catch((e) => showError(e.message));
