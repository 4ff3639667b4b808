;;; promptls-eglot.el --- use the promptls language server with eglot  -*- lexical-binding: t -*-

;; Load this from your init file (or copy it there).  Needs eglot: built into Emacs 29,
;; `elpa-eglot' on Debian/Ubuntu for Emacs 28, or M-x package-install RET eglot.
;; The server must be on PATH: pipx install promptls (or pip install promptls).
;;
;; Tested: tests/editors/test_emacs.py loads this file in Emacs 28.2 + eglot 1.9.

(require 'eglot)

;; promptls for Markdown (markdown-mode / gfm-mode when installed) and plain text.
(add-to-list 'eglot-server-programs
             '((markdown-mode gfm-mode text-mode) . ("promptls" "serve")))

;; Prompt files: Emacs has no mode for them; plain text keeps them under promptls.
(add-to-list 'auto-mode-alist '("\\.prompt\\'" . text-mode))

;; Start promptls by itself in Markdown buffers.  Uncomment the text-mode line to get it
;; in every text buffer too (Markdown modes derive from text-mode).
(add-hook 'markdown-mode-hook #'eglot-ensure)
(add-hook 'gfm-mode-hook #'eglot-ensure)
;; (add-hook 'text-mode-hook #'eglot-ensure)

;; Server settings (same keys as [tool.promptls], plus profile, model, systemPromptFile)
;; go in the workspace configuration, e.g. in the project's .dir-locals.el:
;;   ((nil . ((eglot-workspace-configuration . (:promptls (:profile "claude"))))))

(provide 'promptls-eglot)
;;; promptls-eglot.el ends here
