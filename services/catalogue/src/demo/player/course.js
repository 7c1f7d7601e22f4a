/* Demo course player: finds the LMS API, resumes, reports score and status. */
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
