;;; test.el --- drive eglot against promptls in batch mode  -*- lexical-binding: t -*-

;; Run by tests/editors/test_emacs.py:  emacs --batch -l test.el
;; Loads the documented config (editors/emacs/promptls-eglot.el, `promptls' found on PATH),
;; opens a prompt file in text-mode, connects eglot to `promptls serve', waits (bounded)
;; for the flymake diagnostics, asks for a hover on the first marker, applies the
;; source.fixAll.promptls code action, and writes what Emacs saw as JSON.

(require 'eglot)
(require 'flymake)
(require 'json)
(require 'seq)

(defvar promptls-test-results nil "Alist written as JSON at the end.")
(defvar promptls-test-step "start" "The step being run, for failure messages.")

(defun promptls-test-env (name)
  "The value of environment variable NAME, or an error naming it."
  (or (getenv name) (error "%s not set" name)))

(defun promptls-test-put (key value)
  "Record VALUE under KEY in the results."
  (push (cons key value) promptls-test-results))

(defun promptls-test-wait (what predicate)
  "Process events until PREDICATE is true; fail naming WHAT after the timeout."
  (let ((deadline (+ (float-time)
                     (/ (string-to-number (or (getenv "PROMPTLS_TEST_TIMEOUT_MS") "20000"))
                        1000.0))))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.02))
    (unless (funcall predicate)
      (error "timed out waiting for %s" what))))

(defun promptls-test-diagnostics ()
  "The flymake diagnostics of the current buffer: line, character column, text."
  (mapcar (lambda (d)
            (let ((beg (flymake-diagnostic-beg d))
                  (end (flymake-diagnostic-end d)))
              (save-excursion
                (goto-char beg)
                `((line . ,(1- (line-number-at-pos beg)))
                  (column . ,(- beg (line-beginning-position)))
                  (length . ,(- end beg))
                  (text . ,(flymake-diagnostic-text d))))))
          (flymake-diagnostics)))

(defun promptls-test-has-pl001 ()
  "Non-nil when flymake shows the duplicate-marker diagnostic."
  (seq-find (lambda (d) (string-match-p "PL001" (flymake-diagnostic-text d)))
            (flymake-diagnostics)))

(defun promptls-test-run ()
  "The scenario; each step names itself so a failure says where it stopped."
  (let ((config (promptls-test-env "PROMPTLS_EMACS_CONFIG"))
        (file (promptls-test-env "PROMPTLS_TEST_FILE"))
        (marker "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"))
    (setq promptls-test-step "load the documented config")
    (load config nil t)
    (setq eglot-sync-connect t
          eglot-connect-timeout 30
          eglot-confirm-server-initiated-edits nil
          eglot-send-changes-idle-time 0.05)
    (setq promptls-test-step "open the prompt file")
    (find-file file)
    (text-mode)
    (setq promptls-test-step "connect eglot")
    (apply #'eglot (eglot--guess-contact))
    (promptls-test-wait "eglot to manage the buffer"
                        (lambda () (and (eglot-current-server) eglot--managed-mode)))
    (promptls-test-put 'server_name
                       (plist-get (eglot--server-info (eglot-current-server)) :name))
    (setq promptls-test-step "diagnostics")
    (promptls-test-wait "a PL001 diagnostic in flymake" #'promptls-test-has-pl001)
    (promptls-test-put 'diagnostics (vconcat (promptls-test-diagnostics)))
    (setq promptls-test-step "hover on the first marker")
    (goto-char (point-min))
    (search-forward marker)
    (goto-char (- (point) 3))
    (let* ((answer (jsonrpc-request (eglot-current-server) :textDocument/hover
                                    (eglot--TextDocumentPositionParams)))
           (contents (plist-get answer :contents)))
      (promptls-test-put 'hover (if (stringp contents) contents
                                  (or (plist-get contents :value) (format "%S" contents)))))
    (setq promptls-test-step "source.fixAll.promptls")
    (let ((actions (eglot-code-actions (point-min) (point-max) "source.fixAll.promptls")))
      (promptls-test-put 'fix_all_actions (length actions))
      (when actions
        (eglot--read-execute-code-action actions (eglot-current-server)
                                         "source.fixAll.promptls")))
    (promptls-test-put 'text_after_fix_all
                       (buffer-substring-no-properties (point-min) (point-max)))
    (setq promptls-test-step "diagnostics after the fix")
    (promptls-test-wait "the PL001 diagnostic to clear"
                        (lambda () (not (promptls-test-has-pl001))))
    (promptls-test-put 'diagnostics_after_fix (vconcat (promptls-test-diagnostics)))))

(let ((out (promptls-test-env "PROMPTLS_TEST_OUT")))
  (condition-case err
      (progn (promptls-test-run)
             (promptls-test-put 'ok t))
    (error
     (promptls-test-put 'ok :json-false)
     (promptls-test-put 'error (format "step %S: %s" promptls-test-step
                                       (error-message-string err)))
     (let ((server (ignore-errors (eglot-current-server))))
       (when server
         (promptls-test-put
          'events
          (with-current-buffer (eglot-events-buffer server)
            (buffer-substring-no-properties (max (point-min) (- (point-max) 6000))
                                            (point-max))))))))
  (with-temp-file out
    (set-buffer-file-coding-system 'utf-8-unix)
    (insert (json-encode promptls-test-results)))
  (ignore-errors (eglot-shutdown-all))
  (kill-emacs 0))
;;; test.el ends here
