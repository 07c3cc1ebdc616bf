// Run only by browsers without modules, which never run the form: they get the same alert as those missing a feature (src/browser-support.ts).
alert('Your browser is too old to use this support form. Please update your browser, or contact our support team by e-mail at support@example.com.');
