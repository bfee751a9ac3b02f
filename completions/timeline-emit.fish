# fish completion for timeline-emit: it takes what `timeline emit` takes, so it borrows
# that command line's completions (formats, widget names, options).
complete -c timeline-emit --wraps 'timeline emit'
