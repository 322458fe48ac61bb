# Makes the page one file: index.html with style.css, the core (rummy-core.js, which carries its
# WebAssembly) and app.js written into it where index.html links them.
# cmake -D WEB=web -D CORE=build-web/rummy-core.js -D OUT=build-web/rummy.html -P assemble.cmake
file(READ ${WEB}/index.html page)
file(READ ${WEB}/style.css style)
file(READ ${CORE} core)
file(READ ${WEB}/app.js app)
foreach(part IN ITEMS core app)
  string(FIND "${${part}}" "</script" found)
  if(NOT found EQUAL -1)
    message(FATAL_ERROR "${part} holds </script, which would end its script element early")
  endif()
endforeach()
foreach(link IN ITEMS [[<link rel="stylesheet" href="style.css">]] [[<script src="rummy-core.js"></script>]]
                      [[<script src="app.js"></script>]])
  string(FIND "${page}" "${link}" found)
  if(found EQUAL -1)
    message(FATAL_ERROR "index.html no longer has ${link}")
  endif()
endforeach()
string(REPLACE [[<link rel="stylesheet" href="style.css">]] "<style>\n${style}</style>" page "${page}")
string(REPLACE [[<script src="rummy-core.js"></script>]] "<script>\n${core}</script>" page "${page}")
string(REPLACE [[<script src="app.js"></script>]] "<script>\n${app}</script>" page "${page}")
file(WRITE ${OUT} "${page}")
