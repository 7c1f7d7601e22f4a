/**
 * The course player shipped inside every demo SCORM package: a static index.html (rendered from
 * the course spec), a stylesheet and a small dependency-free script that talks to the LMS API
 * (SCORM 1.2 `API` or SCORM 2004 `API_1484_11`).
 *
 * COURSE_JS and COURSE_CSS are plain strings: the script deliberately avoids backticks and
 * template placeholders so that it can live inside String.raw templates verbatim.
 */

export const COURSE_CSS = String.raw`/* Demo course player — health & safety training */
:root {
  --ink: #1c2733;
  --ink-soft: #4a5866;
  --paper: #ffffff;
  --canvas: #eef2f5;
  --brand: #0b6e4f;
  --brand-dark: #08533b;
  --brand-tint: #e3f3ec;
  --accent: #f2b705;
  --danger: #b3261e;
  --danger-tint: #fbe9e7;
  --border: #d5dde4;
  --focus: #1a5fb4;
  --radius: 14px;
  font-size: 100%;
}

* { box-sizing: border-box; }

html, body { margin: 0; padding: 0; }

body {
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--ink);
  background: var(--canvas);
  line-height: 1.6;
  -webkit-font-smoothing: antialiased;
}

.shell {
  max-width: 780px;
  margin: 0 auto;
  padding: 24px 20px 40px;
}

.course-header {
  display: flex;
  flex-direction: column;
  gap: 10px;
  margin-bottom: 18px;
}

.eyebrow {
  display: inline-flex;
  align-items: center;
  gap: 8px;
  margin: 0;
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: var(--brand);
}

.eyebrow::before {
  content: "";
  display: inline-block;
  width: 14px;
  height: 14px;
  border-radius: 3px;
  background: linear-gradient(135deg, var(--accent) 50%, var(--ink) 50%);
}

.course-title {
  margin: 0;
  font-size: clamp(1.5rem, 2.5vw + 0.8rem, 2.1rem);
  line-height: 1.2;
}

.progress {
  height: 8px;
  border-radius: 999px;
  background: #d9e2e8;
  overflow: hidden;
}

.progress-bar {
  height: 100%;
  width: 0;
  border-radius: 999px;
  background: linear-gradient(90deg, var(--brand), #19a974);
  transition: width 0.35s ease;
}

.card {
  background: var(--paper);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  box-shadow: 0 1px 2px rgba(16, 24, 40, 0.05), 0 8px 24px rgba(16, 24, 40, 0.06);
  padding: 28px 32px 32px;
}

.page-indicator {
  margin: 0 0 6px;
  font-size: 0.85rem;
  font-weight: 600;
  color: var(--ink-soft);
}

.screen h2 {
  margin: 0 0 14px;
  font-size: 1.45rem;
  line-height: 1.3;
}

.screen h2:focus { outline: none; }
.screen h2:focus-visible { outline: 3px solid var(--focus); outline-offset: 4px; border-radius: 4px; }

.screen p, .screen ul, .screen ol { margin: 0 0 14px; }
.screen ul, .screen ol { padding-left: 1.4em; }
.screen li { margin-bottom: 6px; }
.screen li::marker { color: var(--brand); }

.callout {
  border-left: 5px solid var(--accent);
  background: #fff8e1;
  padding: 12px 16px;
  border-radius: 0 10px 10px 0;
}

.controls {
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  margin-top: 22px;
}

.controls .spacer { flex: 1 1 auto; }

.btn {
  appearance: none;
  font: inherit;
  font-weight: 600;
  font-size: 1rem;
  line-height: 1;
  padding: 14px 26px;
  min-height: 48px;
  border-radius: 999px;
  border: 2px solid transparent;
  cursor: pointer;
  transition: background-color 0.15s ease, border-color 0.15s ease, transform 0.05s ease;
}

.btn:active { transform: translateY(1px); }
.btn:focus-visible { outline: 3px solid var(--focus); outline-offset: 3px; }
.btn[hidden] { display: none; }

.btn-primary { background: var(--brand); color: #fff; }
.btn-primary:hover { background: var(--brand-dark); }

.btn-secondary { background: var(--paper); color: var(--ink); border-color: var(--border); }
.btn-secondary:hover { border-color: var(--ink-soft); }

.btn:disabled { opacity: 0.55; cursor: default; }

.question {
  border: 1px solid var(--border);
  border-radius: 12px;
  padding: 18px 20px 12px;
  background: #fbfcfd;
  margin: 0 0 16px;
}

.question legend {
  float: left;
  width: 100%;
  padding: 0;
  margin: 0 0 8px;
  font-weight: 600;
  font-size: 1.05rem;
}

.question legend + * { clear: both; }

.question .q-number {
  display: block;
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.05em;
  text-transform: uppercase;
  color: var(--brand);
}

.option {
  display: flex;
  align-items: flex-start;
  gap: 10px;
  padding: 8px 10px;
  margin: 4px 0;
  border-radius: 8px;
}

.option:hover { background: var(--canvas); }
.option:has(input:checked) { background: var(--brand-tint); }
.option:has(input:focus-visible) { outline: 3px solid var(--focus); outline-offset: 1px; }

.option input {
  flex: none;
  width: 20px;
  height: 20px;
  margin: 3px 0 0;
  accent-color: var(--brand);
}

.option label { cursor: pointer; flex: 1; }

.quiz-error {
  color: var(--danger);
  font-weight: 600;
  margin: 0;
}

.quiz-error:empty { display: none; }

.result-summary { text-align: center; padding: 12px 0 4px; }

.score {
  font-size: 2rem;
  font-weight: 800;
  margin: 4px 0 10px;
}

.badge {
  display: inline-block;
  padding: 6px 16px;
  border-radius: 999px;
  font-weight: 700;
  margin: 0 0 14px;
}

.badge.pass { background: var(--brand-tint); color: var(--brand-dark); }
.badge.fail { background: var(--danger-tint); color: var(--danger); }

.finished-note { color: var(--ink-soft); }

.lms-note {
  margin: 18px 0 0;
  font-size: 0.82rem;
  color: var(--ink-soft);
  text-align: center;
}

[hidden] { display: none !important; }

@media (max-width: 560px) {
  .card { padding: 20px 18px 24px; }
  .btn { padding: 12px 20px; }
}

@media (prefers-reduced-motion: reduce) {
  * { transition: none !important; }
}
`;

export const COURSE_JS = String.raw`/* Demo course player: finds the LMS API, resumes, reports score and status. */
(function () {
  'use strict';

  var data = JSON.parse(document.getElementById('course-data').textContent || '{}');
  var is2004 = data.version === '2004';
  var PAGE_COUNT = data.pageCount;
  var QUIZ = PAGE_COUNT;        // screen index of the quiz
  var RESULT = PAGE_COUNT + 1;  // screen index of the result
  var startedAt = Date.now();

  // ---------------------------------------------------------------- LMS API
  var API_NAME = is2004 ? 'API_1484_11' : 'API';

  function scanWindow(win) {
    var w = win;
    for (var level = 0; w && level <= 7; level++) {
      try {
        if (w[API_NAME]) { return w[API_NAME]; }
      } catch (e) { /* a cross-origin parent: keep looking */ }
      var parent;
      try { parent = w.parent; } catch (e2) { parent = null; }
      if (!parent || parent === w) { break; }
      w = parent;
    }
    return null;
  }

  function findApi() {
    var found = scanWindow(window);
    if (!found) {
      try {
        if (window.opener && !window.opener.closed) { found = scanWindow(window.opener); }
      } catch (e) { found = null; }
    }
    return found;
  }

  var K = is2004 ? {
    location: 'cmi.location', suspend: 'cmi.suspend_data', exit: 'cmi.exit',
    session: 'cmi.session_time', raw: 'cmi.score.raw', min: 'cmi.score.min', max: 'cmi.score.max'
  } : {
    location: 'cmi.core.lesson_location', suspend: 'cmi.suspend_data', exit: 'cmi.core.exit',
    session: 'cmi.core.session_time', raw: 'cmi.core.score.raw', min: 'cmi.core.score.min',
    max: 'cmi.core.score.max'
  };

  var api = findApi();
  var lms = {
    connected: false,
    finished: false,
    init: function () {
      if (!api) { return false; }
      try {
        var r = is2004 ? api.Initialize('') : api.LMSInitialize('');
        this.connected = String(r) === 'true';
      } catch (e) { this.connected = false; }
      return this.connected;
    },
    get: function (key) {
      if (!this.connected || this.finished) { return ''; }
      try {
        var v = is2004 ? api.GetValue(key) : api.LMSGetValue(key);
        return v === null || v === undefined ? '' : String(v);
      } catch (e) { return ''; }
    },
    set: function (key, value) {
      if (!this.connected || this.finished) { return false; }
      try {
        var r = is2004 ? api.SetValue(key, String(value)) : api.LMSSetValue(key, String(value));
        return String(r) === 'true';
      } catch (e) { return false; }
    },
    commit: function () {
      if (!this.connected || this.finished) { return false; }
      try {
        return String(is2004 ? api.Commit('') : api.LMSCommit('')) === 'true';
      } catch (e) { return false; }
    },
    finish: function () {
      if (!this.connected || this.finished) { return false; }
      this.finished = true;
      try {
        return String(is2004 ? api.Terminate('') : api.LMSFinish('')) === 'true';
      } catch (e) { return false; }
    }
  };

  function pad(n, width) {
    var s = String(n);
    while (s.length < width) { s = '0' + s; }
    return s;
  }

  function sessionTime() {
    var cs = Math.max(0, Math.round((Date.now() - startedAt) / 10)); // centiseconds
    var hours = Math.floor(cs / 360000);
    var minutes = Math.floor((cs % 360000) / 6000);
    var seconds = (cs % 6000) / 100;
    if (is2004) {
      return 'PT' + hours + 'H' + minutes + 'M' + seconds + 'S';
    }
    var whole = Math.floor(seconds);
    var frac = Math.round((seconds - whole) * 100);
    return pad(hours, 4) + ':' + pad(minutes, 2) + ':' + pad(whole, 2) + '.' + pad(frac, 2);
  }

  // ---------------------------------------------------------------- state
  var state = { screen: 0, answers: [] };
  var courseDone = false;   // the quiz has been submitted (the attempt is complete)
  var lastPassed = false;

  for (var q = 0; q < data.quiz.length; q++) { state.answers.push(null); }

  function clampScreen(n) {
    if (typeof n !== 'number' || !isFinite(n)) { return 0; }
    n = Math.floor(n);
    return n < 0 ? 0 : (n > QUIZ ? QUIZ : n);
  }

  function saveProgress() {
    if (!lms.connected) { return; }
    var screen = Math.min(state.screen, QUIZ);
    lms.set(K.location, String(screen));
    lms.set(K.suspend, JSON.stringify({ p: screen, a: state.answers }));
    lms.commit();
  }

  // ---------------------------------------------------------------- DOM
  function $(id) { return document.getElementById(id); }

  var screens = document.querySelectorAll('[data-screen]');
  var btnBack = $('btn-back');
  var btnNext = $('btn-next');
  var btnStartQuiz = $('btn-start-quiz');
  var btnSubmit = $('btn-submit');
  var btnRetry = $('btn-retry');
  var btnFinish = $('btn-finish');
  var indicator = $('page-indicator');
  var progressBar = $('progress-bar');
  var quizError = $('quiz-error');

  function show(el, visible) { if (el) { el.hidden = !visible; } }

  function render(moveFocus) {
    var s = state.screen;
    for (var i = 0; i < screens.length; i++) {
      var el = screens[i];
      show(el, Number(el.getAttribute('data-screen')) === s);
    }
    if (s < PAGE_COUNT) {
      indicator.textContent = 'Page ' + (s + 1) + ' of ' + PAGE_COUNT;
    } else if (s === QUIZ) {
      indicator.textContent = 'Quiz: ' + data.quiz.length + ' questions';
    } else {
      indicator.textContent = 'Quiz complete';
    }
    var progress = s >= RESULT ? 1 : (s + 1) / (PAGE_COUNT + 2);
    progressBar.style.width = Math.round(progress * 100) + '%';

    show(btnBack, s > 0 && s <= QUIZ);
    show(btnNext, s < PAGE_COUNT - 1);
    show(btnStartQuiz, s === PAGE_COUNT - 1);
    show(btnSubmit, s === QUIZ);
    show(btnRetry, s === RESULT && !lastPassed);
    show(btnFinish, s === RESULT);

    if (s === QUIZ) { restoreAnswers(); }
    if (moveFocus) {
      var active = document.querySelector('[data-screen="' + s + '"] h2');
      if (active) { active.focus(); }
      window.scrollTo(0, 0);
    }
  }

  function go(screen) {
    state.screen = screen;
    if (quizError) { quizError.textContent = ''; }
    render(true);
    if (screen <= QUIZ) { saveProgress(); }
  }

  function restoreAnswers() {
    for (var qi = 0; qi < data.quiz.length; qi++) {
      var inputs = document.querySelectorAll('input[name="q' + qi + '"]');
      for (var j = 0; j < inputs.length; j++) {
        inputs[j].checked = state.answers[qi] === j;
      }
    }
  }

  function readAnswers() {
    for (var qi = 0; qi < data.quiz.length; qi++) {
      var checked = document.querySelector('input[name="q' + qi + '"]:checked');
      state.answers[qi] = checked ? Number(checked.value) : null;
    }
  }

  function submitQuiz() {
    readAnswers();
    var unanswered = 0;
    for (var qi = 0; qi < state.answers.length; qi++) {
      if (state.answers[qi] === null) { unanswered++; }
    }
    if (unanswered > 0) {
      quizError.textContent = unanswered === 1
        ? 'Please answer the remaining question before submitting.'
        : 'Please answer all ' + unanswered + ' remaining questions before submitting.';
      return;
    }
    var correct = 0;
    for (var k = 0; k < data.quiz.length; k++) {
      if (state.answers[k] === data.quiz[k]) { correct++; }
    }
    var total = data.quiz.length;
    var pct = total === 0 ? 100 : Math.round((correct / total) * 100);
    var passed = pct >= data.passingScorePercent;
    lastPassed = passed;
    courseDone = true;

    if (lms.connected) {
      lms.set(K.location, String(QUIZ));
      lms.set(K.suspend, JSON.stringify({ p: QUIZ, a: state.answers }));
      lms.set(K.min, '0');
      lms.set(K.max, '100');
      lms.set(K.raw, String(pct));
      if (is2004) {
        lms.set('cmi.score.scaled', String(pct / 100));
        lms.set('cmi.completion_status', 'completed');
        lms.set('cmi.success_status', passed ? 'passed' : 'failed');
      } else {
        lms.set('cmi.core.lesson_status', passed ? 'passed' : 'failed');
      }
      lms.set(K.session, sessionTime());
      lms.set(K.exit, '');
      lms.commit();
    }

    $('score-text').textContent = 'You scored ' + pct + '%';
    var status = $('result-status');
    status.textContent = passed ? 'Passed' : 'Not passed';
    status.className = 'badge ' + (passed ? 'pass' : 'fail');
    $('result-detail').textContent = 'You answered ' + correct + ' of ' + total +
      ' questions correctly. The pass mark is ' + data.passingScorePercent + '%.' +
      (passed ? ' Well done.' : ' Review the course and try the quiz again.');
    go(RESULT);
  }

  function retry() {
    for (var qi = 0; qi < state.answers.length; qi++) { state.answers[qi] = null; }
    courseDone = false;
    go(0);
  }

  function finishCourse() {
    if (lms.connected && !lms.finished) {
      lms.set(K.session, sessionTime());
      lms.set(K.exit, '');
      lms.finish();
    }
    btnFinish.disabled = true;
    show(btnRetry, false);
    show($('finished-note'), true);
  }

  function onLeave() {
    if (!lms.connected || lms.finished) { return; }
    if (!courseDone) {
      readAnswersIfQuiz();
      lms.set(K.location, String(Math.min(state.screen, QUIZ)));
      lms.set(K.suspend, JSON.stringify({ p: Math.min(state.screen, QUIZ), a: state.answers }));
      lms.set(K.exit, 'suspend');
    } else {
      lms.set(K.exit, '');
    }
    lms.set(K.session, sessionTime());
    lms.commit();
    lms.finish();
  }

  function readAnswersIfQuiz() { if (state.screen === QUIZ) { readAnswers(); } }

  // ---------------------------------------------------------------- start
  function parseSuspend(text) {
    if (!text) { return null; }
    try {
      var parsed = JSON.parse(text);
      return parsed && typeof parsed === 'object' ? parsed : null;
    } catch (e) { return null; }
  }

  if (lms.init()) {
    var status = is2004 ? lms.get('cmi.completion_status') : lms.get('cmi.core.lesson_status');
    if (status === '' || status === 'not attempted' || status === 'unknown') {
      lms.set(is2004 ? 'cmi.completion_status' : 'cmi.core.lesson_status', 'incomplete');
    }
    var saved = parseSuspend(lms.get(K.suspend));
    var savedLocation = lms.get(K.location);
    var screen = savedLocation !== '' && !isNaN(Number(savedLocation)) ? Number(savedLocation)
      : (saved && typeof saved.p === 'number' ? saved.p : 0);
    state.screen = clampScreen(screen);
    if (saved && saved.a && saved.a.length === state.answers.length) {
      for (var ai = 0; ai < saved.a.length; ai++) {
        var v = saved.a[ai];
        state.answers[ai] = typeof v === 'number' && v >= 0 && v < data.optionCounts[ai] ? v : null;
      }
    }
    lms.commit();
  } else {
    show($('lms-note'), true);
  }

  btnBack.addEventListener('click', function () { readAnswersIfQuiz(); go(Math.max(0, state.screen - 1)); });
  btnNext.addEventListener('click', function () { go(Math.min(PAGE_COUNT - 1, state.screen + 1)); });
  btnStartQuiz.addEventListener('click', function () { go(QUIZ); });
  btnSubmit.addEventListener('click', submitQuiz);
  btnRetry.addEventListener('click', retry);
  btnFinish.addEventListener('click', finishCourse);

  var quizForm = $('quiz-form');
  quizForm.addEventListener('submit', function (e) { e.preventDefault(); submitQuiz(); });
  quizForm.addEventListener('change', function () {
    readAnswers();
    if (quizError) { quizError.textContent = ''; }
    saveProgress();
  });

  window.addEventListener('pagehide', onLeave);
  window.addEventListener('beforeunload', onLeave);

  render(false);
})();
`;
