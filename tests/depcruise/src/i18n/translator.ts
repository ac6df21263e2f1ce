export const translator = 'the formatter: the page may use it, the worker side may not';
