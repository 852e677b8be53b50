/* global window, document */
// The Razorpay emulator's stand-in for https://checkout.razorpay.com/v1/checkout.js, served as is (no build).
// Same API: new Razorpay(options), .open(), .close(), .on('payment.failed', cb). The sheet flows like Razorpay's
// test mode: pick UPI, card or netbanking, 'Pay', then 'Success' or 'Failure'. No inline script or style
// attributes (the shop's CSP forbids them): the look comes from checkout.css, the theme colour through CSSOM.
(function () {
  'use strict';
  // A page that loads the script twice (a remounted component) keeps the first copy.
  if (window.Razorpay && window.Razorpay.emulated) return;

  var script = document.currentScript;
  var base = new URL('.', script && script.src ? script.src : window.location.origin + '/razorpay-emulator/');

  var stylesheet = document.createElement('link');
  stylesheet.rel = 'stylesheet';
  stylesheet.href = new URL('checkout.css', base).href;
  document.head.appendChild(stylesheet);

  var METHODS = [
    { id: 'upi', label: 'UPI' },
    { id: 'card', label: 'Card' },
    { id: 'netbanking', label: 'Netbanking' },
  ];
  var BANKS = [
    ['SBIN', 'State Bank of India'],
    ['HDFC', 'HDFC Bank'],
    ['ICIC', 'ICICI Bank'],
    ['UTIB', 'Axis Bank'],
    ['KKBK', 'Kotak Mahindra Bank'],
    ['YESB', 'Yes Bank'],
  ];
  var FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [tabindex="0"]';
  var sequence = 0;

  /** Creates an element: h('p', { class: 'x', text: 'hello' }, [children]). Attributes only, never inline handlers. */
  function h(tag, attributes, children) {
    var element = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (value === undefined || value === null || value === false) return;
      if (name === 'text') element.textContent = value;
      else element.setAttribute(name, value === true ? '' : value);
    });
    (children || []).forEach(function (child) {
      if (child) element.appendChild(child);
    });
    return element;
  }

  function rupees(paise, currency) {
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format((paise || 0) / 100);
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('No key passed');
    this.options = options;
    this.listeners = {};
    this.id = 'rzp-emu-' + ++sequence;
  }

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) {
      callback(payload);
    });
  };

  Razorpay.prototype.open = function () {
    if (this.root) return this;
    var close = this.close.bind(this);
    var teardown = this.teardown.bind(this);
    var emit = this.emit.bind(this);
    var options = this.options;
    var prefill = options.prefill || {};
    var id = this.id;
    var order = { amount: options.amount, currency: options.currency || 'INR' };
    var state = { method: 'upi', busy: false };

    this.returnFocus = document.activeElement;

    var title = h('h2', { id: id + '-title', class: 'rzp-emu-title', text: options.name || 'Merchant' });
    var description = h('p', { id: id + '-description', class: 'rzp-emu-description', text: options.description || '' });
    var amount = h('p', { class: 'rzp-emu-amount', text: rupees(order.amount, order.currency) });
    var closeButton = h('button', { type: 'button', class: 'rzp-emu-close', 'aria-label': 'Close', text: '×' });
    var contact = [prefill.contact, prefill.email].filter(Boolean).join(' · ');

    var header = h('header', { class: 'rzp-emu-header' }, [
      h('div', { class: 'rzp-emu-merchant' }, [
        h('span', { class: 'rzp-emu-logo', 'aria-hidden': 'true', text: (options.name || 'M').charAt(0).toUpperCase() }),
        h('div', {}, [title, description]),
      ]),
      closeButton,
      h('div', { class: 'rzp-emu-summary' }, [amount, h('span', { class: 'rzp-emu-badge', text: 'Test Mode' })]),
      contact ? h('p', { class: 'rzp-emu-contact', text: contact }) : null,
    ]);

    // Method tabs and their panels.
    var tabs = METHODS.map(function (method) {
      return h('button', {
        type: 'button',
        role: 'tab',
        id: id + '-tab-' + method.id,
        class: 'rzp-emu-tab',
        'aria-controls': id + '-panel-' + method.id,
        'aria-selected': 'false',
        tabindex: '-1',
        'data-method': method.id,
        text: method.label,
      });
    });
    var tablist = h('div', { role: 'tablist', class: 'rzp-emu-tabs', 'aria-label': 'Payment method' }, tabs);

    function field(label, name, value, attributes) {
      var inputId = id + '-' + name;
      var input = h('input', Object.assign({ id: inputId, name: name, class: 'rzp-emu-input', value: value }, attributes || {}));
      return h('div', { class: 'rzp-emu-field' }, [h('label', { for: inputId, text: label }), input]);
    }

    var upiPanel = h('div', { role: 'tabpanel', id: id + '-panel-upi', class: 'rzp-emu-panel', 'aria-labelledby': id + '-tab-upi' }, [
      field('UPI ID', 'vpa', 'success@razorpay', { autocomplete: 'off', inputmode: 'email' }),
      h('p', { class: 'rzp-emu-hint', text: 'Test mode: any UPI ID works, no app will be opened.' }),
    ]);
    var cardPanel = h('div', { role: 'tabpanel', id: id + '-panel-card', class: 'rzp-emu-panel', 'aria-labelledby': id + '-tab-card' }, [
      field('Card number', 'card-number', '4111 1111 1111 1111', { inputmode: 'numeric', autocomplete: 'off' }),
      h('div', { class: 'rzp-emu-row' }, [
        field('Expiry (MM/YY)', 'card-expiry', '12/30', { inputmode: 'numeric', autocomplete: 'off' }),
        field('CVV', 'card-cvv', '123', { inputmode: 'numeric', autocomplete: 'off', maxlength: '4' }),
      ]),
      field('Name on card', 'card-name', prefill.name || 'Test Shopper', { autocomplete: 'off' }),
    ]);
    var bankChoices = BANKS.map(function (bank, index) {
      var inputId = id + '-bank-' + bank[0];
      return h('div', { class: 'rzp-emu-bank' }, [
        h('input', { type: 'radio', id: inputId, name: id + '-bank', value: bank[0], checked: index === 1 }),
        h('label', { for: inputId, text: bank[1] }),
      ]);
    });
    var netbankingPanel = h(
      'div',
      { role: 'tabpanel', id: id + '-panel-netbanking', class: 'rzp-emu-panel', 'aria-labelledby': id + '-tab-netbanking' },
      [h('fieldset', { class: 'rzp-emu-banks' }, [h('legend', { text: 'Choose your bank' })].concat(bankChoices))],
    );
    var panels = { upi: upiPanel, card: cardPanel, netbanking: netbankingPanel };

    var payButton = h('button', { type: 'button', class: 'rzp-emu-primary', text: 'Pay ' + rupees(order.amount, order.currency) });
    var methodsStep = h('div', { class: 'rzp-emu-step' }, [tablist, upiPanel, cardPanel, netbankingPanel, payButton]);

    // Razorpay's test-mode page: the payment ends however the tester chooses.
    var outcomeText = h('p', { class: 'rzp-emu-outcome-text' });
    var successButton = h('button', { type: 'button', class: 'rzp-emu-success', text: 'Success' });
    var failureButton = h('button', { type: 'button', class: 'rzp-emu-failure', text: 'Failure' });
    var outcomeStep = h('div', { class: 'rzp-emu-step', hidden: true }, [
      h('h3', { class: 'rzp-emu-outcome-title', text: 'Razorpay test payment' }),
      outcomeText,
      h('div', { class: 'rzp-emu-outcomes' }, [successButton, failureButton]),
    ]);

    var alert = h('div', { role: 'alert', class: 'rzp-emu-alert', hidden: true });
    var status = h('p', { role: 'status', class: 'rzp-emu-status' });

    var sheet = h(
      'div',
      {
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': id + '-title',
        'aria-describedby': id + '-description',
        class: 'rzp-emu-sheet',
      },
      [
        h('div', { class: 'rzp-emu-theme-bar' }),
        header,
        h('div', { class: 'rzp-emu-body' }, [alert, methodsStep, outcomeStep, status]),
        h('footer', { class: 'rzp-emu-footer', text: 'Secured by Razorpay · emulator, no money moves' }),
      ],
    );
    sheet.style.setProperty('--rzp-emu-theme', (options.theme && options.theme.color) || '#3399cc');
    var root = h('div', { class: 'rzp-emu-backdrop' }, [sheet]);
    this.root = root;

    function selectMethod(methodId, focus) {
      state.method = methodId;
      tabs.forEach(function (tab) {
        var selected = tab.getAttribute('data-method') === methodId;
        tab.setAttribute('aria-selected', String(selected));
        tab.setAttribute('tabindex', selected ? '0' : '-1');
        if (selected && focus) tab.focus();
      });
      Object.keys(panels).forEach(function (key) {
        panels[key].hidden = key !== methodId;
      });
    }

    function showAlert(message) {
      alert.textContent = message;
      alert.hidden = !message;
    }

    function setBusy(busy, message) {
      state.busy = busy;
      [payButton, successButton, failureButton].forEach(function (button) {
        button.disabled = busy;
      });
      sheet.setAttribute('aria-busy', String(busy));
      status.textContent = message || '';
    }

    function showStep(step) {
      methodsStep.hidden = step !== 'methods';
      outcomeStep.hidden = step !== 'outcome';
      var first = (step === 'methods' ? tabs.filter(isSelected)[0] : successButton) || closeButton;
      first.focus();
    }

    function isSelected(tab) {
      return tab.getAttribute('aria-selected') === 'true';
    }

    function methodDetails() {
      if (state.method === 'upi') {
        var vpa = upiPanel.querySelector('input').value.trim();
        return /^[\w.-]+@[\w.-]+$/.test(vpa) ? { vpa: vpa } : { invalid: 'Please enter a valid UPI ID, such as success@razorpay.' };
      }
      if (state.method === 'card') {
        var digits = cardPanel.querySelector('input').value.replace(/\s+/g, '');
        return /^\d{12,19}$/.test(digits) ? {} : { invalid: 'Please enter a valid card number.' };
      }
      var chosen = netbankingPanel.querySelector('input:checked');
      return chosen ? { bank: chosen.value } : { invalid: 'Please choose your bank.' };
    }

    function endpoint(path) {
      return new URL('checkout/orders/' + encodeURIComponent(options.order_id || '') + path, base).href;
    }

    function finish(outcome) {
      var details = methodDetails();
      setBusy(true, 'Processing payment…');
      var body = {
        key_id: options.key,
        outcome: outcome,
        method: state.method,
        email: prefill.email || null,
        contact: prefill.contact || null,
      };
      if (details.vpa) body.vpa = details.vpa;
      if (details.bank) body.bank = details.bank;
      window
        .fetch(endpoint('/pay'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
        .then(function (response) {
          return response.json().then(function (json) {
            return { ok: response.ok, json: json };
          });
        })
        .then(function (result) {
          setBusy(false);
          if (result.ok && result.json.razorpay_payment_id) {
            status.textContent = 'Payment successful';
            teardown();
            if (typeof options.handler === 'function') options.handler(result.json);
            return;
          }
          var error = result.json && result.json.error;
          if (error && error.metadata && error.metadata.payment_id) {
            // A failed payment: the sheet stays open so the shopper can try again or close it.
            showAlert('Payment failed. ' + error.description);
            showStep('methods');
            emit('payment.failed', result.json);
            return;
          }
          showAlert((error && error.description) || 'Something went wrong. Please try again.');
          showStep('methods');
        })
        .catch(function () {
          setBusy(false);
          showAlert('Could not reach the payment server. Please try again.');
          showStep('methods');
        });
    }

    closeButton.addEventListener('click', function () {
      close();
    });
    tabs.forEach(function (tab) {
      tab.addEventListener('click', function () {
        selectMethod(tab.getAttribute('data-method'), true);
      });
      tab.addEventListener('keydown', function (event) {
        var index = tabs.indexOf(tab);
        var next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
        if (next === undefined) return;
        event.preventDefault();
        selectMethod(tabs[(next + tabs.length) % tabs.length].getAttribute('data-method'), true);
      });
    });
    payButton.addEventListener('click', function () {
      var details = methodDetails();
      if (details.invalid) {
        showAlert(details.invalid);
        return;
      }
      showAlert('');
      var label = METHODS.filter(function (method) {
        return method.id === state.method;
      })[0].label;
      outcomeText.textContent =
        'This is a test payment of ' + rupees(order.amount, order.currency) + ' by ' + label + '. Choose how it ends.';
      showStep('outcome');
    });
    successButton.addEventListener('click', function () {
      finish('success');
    });
    failureButton.addEventListener('click', function () {
      finish('failure');
    });
    sheet.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      // Keep focus inside the sheet while it is open.
      var focusable = Array.prototype.filter.call(sheet.querySelectorAll(FOCUSABLE), function (element) {
        return element.offsetParent !== null || element === document.activeElement;
      });
      if (focusable.length === 0) return;
      var first = focusable[0];
      var last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    });

    document.documentElement.classList.add('rzp-emu-open');
    document.body.appendChild(root);
    selectMethod('upi', false);
    showStep('methods');

    // The order decides the amount, as on Razorpay; options.amount is only shown until it is known.
    if (options.order_id) {
      window
        .fetch(endpoint('?key_id=' + encodeURIComponent(options.key)))
        .then(function (response) {
          return response.json().then(function (json) {
            if (!response.ok) throw new Error((json.error && json.error.description) || 'Order not found');
            return json;
          });
        })
        .then(function (found) {
          order = { amount: found.amount_due, currency: found.currency };
          amount.textContent = rupees(order.amount, order.currency);
          payButton.textContent = 'Pay ' + rupees(order.amount, order.currency);
          if (found.status === 'paid') {
            showAlert('This order has already been paid.');
            payButton.disabled = true;
          }
        })
        .catch(function (error) {
          showAlert(error.message);
          payButton.disabled = true;
        });
    }
    return this;
  };

  /** Removes the sheet without telling anyone (after a successful payment). */
  Razorpay.prototype.teardown = function () {
    if (!this.root) return;
    this.root.remove();
    this.root = null;
    document.documentElement.classList.remove('rzp-emu-open');
    if (this.returnFocus && typeof this.returnFocus.focus === 'function') this.returnFocus.focus();
  };

  /** Closes the sheet as the shopper would: modal.ondismiss is called. */
  Razorpay.prototype.close = function () {
    if (!this.root) return;
    this.teardown();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.emulated = true;
  window.Razorpay = Razorpay;
})();
